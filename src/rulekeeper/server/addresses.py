"""Whom the per-address limits count a request to: its client's address, or for IPv6 the
network of 64 bits it is in.

One host on IPv6 is given a whole ``/64`` (2^64 addresses) by its provider, and may send
each request from a new one: counted by its full address, it would find a fresh sign-up
limit, request limit, work budget, share of the lab's queue and count of games at each. So
every limit counted "per address" counts an IPv6 client by its ``/64``, as one address
(a NAT's people share an IPv4 address so too); an IPv4 address written as IPv6
(``::ffff:192.0.2.7``, a dual-stack socket's) is that IPv4 address.
"""

from __future__ import annotations

import ipaddress

from starlette.requests import HTTPConnection
from starlette.types import Scope

IPV6_PREFIX = 64
"""The bits of an IPv6 address that name one client (the ``/64`` a provider gives a host)."""


def network(host: str) -> str:
    """The address a limit counts ``host`` to (at most 64 characters: a column's width).

    >>> network("192.0.2.7")
    '192.0.2.7'
    >>> network("2001:db8:1:2:aaaa::1"), network("2001:db8:1:2:ffff::9")
    ('2001:db8:1:2::/64', '2001:db8:1:2::/64')
    >>> network("::ffff:192.0.2.7")
    '192.0.2.7'
    >>> network("testclient")
    'testclient'
    """
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])  # (an IPv6 zone: fe80::1%eth0)
    except ValueError:
        return host[:64]  # a name a server gives a client it cannot address (a test's)
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, IPV6_PREFIX), strict=False))
    return str(ip)


def of_scope(scope: Scope) -> str:
    """The address a request (its ASGI scope) is counted to."""
    client = scope.get("client")
    return network(client[0]) if client else "unknown"


def of_request(request: HTTPConnection) -> str:
    """The address a request is counted to."""
    return network(request.client.host) if request.client else "unknown"
