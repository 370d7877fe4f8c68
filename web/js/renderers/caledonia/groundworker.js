// Caledonia's map ground painted off the page's thread (a module worker): {id, job} in (the
// map's spaces and rivers, the camera, the board's size; caledonia/groundart.js), {id, bitmap}
// out, the picture already rasterised, so copying it costs the page's frame 2-3 ms, not the
// 12-18 ms of painting it at DPR 3. The same code as the page's own painting (ground.js).
import { paintGround, mapCamera } from "./ground.js";

onmessage = (ev) => {
  const { id, job } = ev.data || {};
  try {
    const { map, cam, rot, W, H, dpr, rect, glory, w, h } = job;
    const c = new OffscreenCanvas(w, h);
    const g = c.getContext("2d");
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    paintGround(g, rect, { g, cam: mapCamera(cam, rot), view: { map }, W, H, glory });
    const bitmap = c.transferToImageBitmap();
    postMessage({ id, bitmap }, [bitmap]);
  } catch (e) {
    postMessage({ id, error: String((e && e.message) || e) });
  }
};
