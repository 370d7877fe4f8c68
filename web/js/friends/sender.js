// Sending: this device's turn as a link (its entries signed, then the whole
// link signed: the sender too), to whoever acts next; and the whole game, in
// as few links as fit, to a device that took its seat back.

import { t } from "../i18n.js";
import { identity, sign } from "./keys.js";
import { loadFriends, saveFriends } from "./records.js";
import { linkDialog } from "./screens.js";
import { partsDialog } from "./seats.js";
import { Refusal } from "./context.js";

export class TurnSender {
  constructor(ctx, table) {
    this.ctx = ctx;
    this.table = table;
  }

  /** Sign what this device has not signed yet: the params that say so ({sig, j}), or {}. */
  async signed(gid, id) {
    const todo = await this.ctx.call("friends_sign", { gid });
    return todo ? { sig: await sign(id, todo.message), j: todo.j } : {};
  }

  /** The link of this device's turn (``vote``: with the ballot it gathers); stored before it is shown. */
  async link(gid, { vote = false } = {}) {
    const { ctx } = this;
    const data = loadFriends(gid);
    const id = await identity(data.fid);
    if (!id) throw new Refusal("no_secret");
    const made = await ctx.call("friends_link", { gid, vote, budget: ctx.budget(), ...(await this.signed(gid, id)) });
    const link = await ctx.seal(id, made);
    data.record = made.record;
    data.sentAt = Date.now();
    if (!saveFriends(gid, data)) throw new Error(t("Browser storage is full: delete old saved games first."));
    this.table.keep(gid, made.friends, data);
    this.table.bar(gid, made.friends);
    ctx.host.setFriends(gid, made.friends);
    return { link, f: made.friends, game: data.record.setup.game };
  }

  async send(gid) {
    const { ctx } = this;
    const shown = ctx.host.current() === gid ? ctx.host.snap() : null;   // what this device sends: a turn, or only a draw
    const draw = !!(shown && shown.friends && shown.friends.draw_only);
    const { link, f, game } = await this.link(gid);
    const to = f.next != null ? f.parts[f.next].name : null;
    linkDialog({
      title: !to ? t("Send the end of the game") : draw ? t("Send the draw to {name}", { name: to }) : t("Send your turn to {name}", { name: to }),
      text: to ? t("Send this link to {name}: it holds the moves since they last played, signed on this device. Anyone else in the game can open it too.", { name: to })
        : t("Send this link to the others: it holds the last moves."),
      link: ctx.linkOf(link), shareTitle: t("Cairn: {game}", { game: ctx.host.title(game) }),
    });
  }

  /** The whole game for participant ``p``'s device (it took its seat back). */
  async sendGame(gid, p) {
    const { ctx } = this;
    const data = loadFriends(gid);
    const id = await identity(data.fid);
    if (!id) throw new Refusal("no_secret");
    const got = await ctx.call("friends_catchup", { gid, budget: ctx.budget(), ...(await this.signed(gid, id)) });
    const links = [];
    for (const piece of got.pieces) links.push(ctx.linkOf(await ctx.seal(id, piece)));
    data.record = got.record;
    saveFriends(gid, data);
    this.table.keep(gid, got.friends, data);
    ctx.host.setFriends(gid, got.friends);
    const name = got.friends.parts[p].name;
    partsDialog({
      title: t("Send {name} the game", { name }),
      text: t("{name} plays from this device again: send them the whole game, so their device can take it in and check it.", { name }),
      links, shareTitle: t("Cairn: {game}", { game: ctx.host.title(data.record.setup.game) }),
    });
  }
}
