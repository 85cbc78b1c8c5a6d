#!/usr/bin/env python3
"""Browse DNS-SD service types (or subtypes) with python-zeroconf and print what resolves, as JSON.

A second, independent peer for the Avahi publisher tests: python-zeroconf speaks mDNS itself and shares
no code with Avahi. Usage:

    zeroconf_browse.py [--seconds S] [--interface ADDRESS]... [--expect TYPE=NAME]... TYPE...

Each TYPE is a service type or subtype without the domain, e.g. `_matterc._udp` or
`_L3840._sub._matterc._udp`. Browsing stops after S seconds, or as soon as every --expect instance has
resolved under its TYPE. --interface limits python-zeroconf to the interfaces with those addresses (e.g.
127.0.0.1, to keep the traffic on loopback); by default it uses all. Output: one JSON object mapping each TYPE to the instances found, each with its
name, service type, port, host, addresses and TXT strings in wire order (hex, so binary values survive).
"""

import argparse
import json
import sys
import threading
import time

from zeroconf import ServiceBrowser, ServiceStateChange, Zeroconf


def txt_strings(raw):
    """The TXT rdata's strings, in order: each is a length byte then that many bytes."""
    strings, index = [], 0
    while index < len(raw):
        length = raw[index]
        strings.append(raw[index + 1:index + 1 + length])
        index += 1 + length
    return strings


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--interface", action="append", default=[])
    parser.add_argument("--expect", action="append", default=[], type=lambda pair: tuple(pair.split("=", 1)))
    parser.add_argument("types", nargs="+")
    arguments = parser.parse_args()

    browse_names = {kind + ".local.": kind for kind in arguments.types}
    found = {kind: {} for kind in arguments.types}
    lock = threading.Lock()
    done = threading.Event()
    zeroconf = Zeroconf(interfaces=arguments.interface) if arguments.interface else Zeroconf()

    def resolve(browsed, name):
        # The PTR target is `<instance>.<service type>.local.`; instance names here have no dots.
        instance, service_type = name.split(".", 1)
        info = zeroconf.get_service_info(service_type, name, timeout=3000)
        if info is None:
            return
        entry = {
            "name": instance,
            "type": service_type,
            "port": info.port,
            "host": info.server,
            "addresses": info.parsed_addresses(),
            "txt": [value.hex() for value in txt_strings(info.text or b"")],
        }
        with lock:
            found[browsed][instance] = entry
            if arguments.expect and all(name in found.get(kind, {}) for kind, name in arguments.expect):
                done.set()

    def on_change(zeroconf, service_type, name, state_change):
        if state_change in (ServiceStateChange.Added, ServiceStateChange.Updated):
            browsed = browse_names.get(service_type, service_type)
            threading.Thread(target=resolve, args=(browsed, name), daemon=True).start()

    browser = ServiceBrowser(zeroconf, list(browse_names), handlers=[on_change])
    done.wait(arguments.seconds)
    browser.cancel()
    with lock:
        result = {kind: sorted(entries.values(), key=lambda entry: entry["name"]) for kind, entries in found.items()}
    zeroconf.close()
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
