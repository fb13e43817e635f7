"""Where a phone at the table can open ``deduce serve``: the addresses of this computer on its
networks, said when the server starts, with a QR code of the first one in a terminal.

A server that listens on every address (``--host 0.0.0.0``) is reached from another device by one
of this computer's own addresses on the network they share (a home Wi-Fi gives one such as
``192.168.1.20``). They are found without sending anything: the addresses the computer's name
resolves to, and the one it would send from towards a private network (connecting a UDP socket
only picks a route). Loopback and link-local addresses are left out: no phone reaches them.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from collections.abc import Iterable
from typing import TextIO

from deduce.cli.common import say

#: Hosts that mean "every address of this computer".
EVERY_ADDRESS = {"0.0.0.0", "::", ""}
#: An address in a private network, used only to ask the system which local address routes there.
PRIVATE_PROBE = "10.255.255.255"


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses that another device on its networks could reach, the one
    towards private networks first."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect((PRIVATE_PROBE, 1))  # UDP: no packet is sent
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        found += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    return reachable(found)


def reachable(addresses: Iterable[str]) -> list[str]:
    """The addresses another device could reach (not loopback, link-local or unspecified), once each, in order."""
    kept: list[str] = []
    for text in addresses:
        address = ipaddress.ip_address(text)
        if not (address.is_loopback or address.is_link_local or address.is_unspecified) and text not in kept:
            kept.append(text)
    return kept


def page_urls(host: str, port: int) -> list[str]:
    """The web page's addresses for a server on ``host``: every reachable address of this computer
    when it listens on all of them, else the host itself."""
    hosts = lan_addresses() if host in EVERY_ADDRESS else [host]
    return [f"http://{h}:{port}/" for h in hosts]


def qr_lines(url: str) -> list[str]:
    """``url`` as a QR code drawn with block characters, two rows of modules a line, for a terminal
    (needs segno, in the ``[api]`` extra)."""
    import io

    import segno

    drawing = io.StringIO()
    segno.make(url, error="m", micro=False).terminal(out=drawing, compact=True, border=2)
    return drawing.getvalue().rstrip("\n").splitlines()


def announce(host: str, port: int, out: TextIO, lang: str = "en") -> None:
    """Say where the page is, as ``deduce serve`` starts, in ``lang``: for a server on every address,
    the addresses a phone on the same network opens (a QR code of the first on a terminal) and what
    that exposes; for one on this computer only, how to open it to the network."""
    urls = page_urls(host, port)
    if host not in EVERY_ADDRESS:
        out.write(say(lang, "serve.page", url=urls[0]) + "\n")
        if ipaddress.ip_address(socket.gethostbyname(host)).is_loopback:
            out.write(say(lang, "serve.local") + "\n")
    elif not urls:
        out.write(say(lang, "serve.no-address", port=port) + "\n")
    else:
        out.write(say(lang, "serve.network") + "\n")
        out.writelines(f"  {url}\n" for url in urls)
        if out.isatty():
            out.writelines(f"  {line}\n" for line in qr_lines(urls[0]))
        out.write(say(lang, "serve.trust") + "\n")
    out.flush()
