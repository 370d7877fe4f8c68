"""Friends' games: each player on their own device, no server, turns passed
as links, draws no one can foresee or aim (docs/friends.md).

``commit`` (hash chains, the mixing of secrets), ``lobby`` (set-up, invites,
joins, the start), ``session`` (the signed log and its draws), ``links`` (turn
links and what one is to a device's log), ``device`` (one device's steps on
its record), ``ops`` (the worker's requests).
"""
