"""Friends' games: each player on their own device, no server, turns passed
as links, draws no one can foresee or aim (docs/friends.md).

``commit`` (hash chains, the mixing of secrets), ``lobby`` (set-up, invites,
joins, the start), ``session`` (the signed log and its draws; ``seatlog`` its
entries about seats, ``messages`` what is signed), ``links`` (turn links and
what one is to a device's log; ``outcome`` the order a link is checked in),
``heal`` (two versions), ``device`` (one device's steps on its record),
``ops`` and ``votes`` (the worker's requests; ``status`` what the page shows,
and when this device first saw each wait).
"""
