// Hunters' tile pictures painted off the page's thread (a module worker): {key, tile, size} in,
// {key, bitmap, layout} out (the picture already rasterised, so drawing it costs the page's frame
// nothing more). The same code as the page's own painting (tileart.js), so the same pixels.
import { buildLayout } from "./geometry.js";
import { paintTile } from "./tileart.js";

onmessage = (ev) => {
  const { key, tile, size } = ev.data || {};
  try {
    const layout = buildLayout(tile);   // (sent back too: building it is milliseconds the page need not spend)
    const bitmap = paintTile(layout, size).transferToImageBitmap();
    postMessage({ key, bitmap, layout }, [bitmap]);
  } catch (e) {
    postMessage({ key, error: String((e && e.message) || e) });
  }
};
