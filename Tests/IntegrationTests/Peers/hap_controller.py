"""A HomeKit controller for mhub's peer tests: aiohomekit 4.0.1 (Home Assistant's homekit_controller library) driving
a HAP/IP accessory at a known address, without mDNS, or one it finds by mDNS (`pair_discovered`).

Usage: hap_controller.py PAIRING_FILE [--log LEVEL]
Reads one JSON command a line on stdin and writes one JSON answer a line on stdout, until `close` or the end of
stdin. One aiohomekit IpController and its pairings live for the whole run; every pairing is also kept in
PAIRING_FILE in the form aiohomekit's CLI reads (`python -m aiohomekit -f PAIRING_FILE ...`). A failed command is
answered {"error": EXCEPTION_CLASS, "message": TEXT} and the controller goes on.

Commands ({"command": NAME, ...}; "aid.iid" strings name characteristics):
  pair {host, port, device_id, code, alias}      Pair Setup with the setup code, on a HomeKitService built by hand
                                                 (aiohomekit/zeroconf.py) as mDNS would give it; then keeps the
                                                 pairing under alias. -> {"pairing": pairing data without the LTSK}
  pair_discovered {device_id, code, alias, timeout_s?}
                                                 As Home Assistant pairs: browses _hap._tcp with python-zeroconf
                                                 (AsyncZeroconf on every interface, IPv4), waits up to timeout_s
                                                 (default 30) for aiohomekit to find device_id among the records,
                                                 then Pair Setup at the address and port the record gave; keeps the
                                                 pairing under alias. -> {"pairing": as pair, "discovered": {name, id,
                                                 address, addresses, port, config_num, state_num, status_flags,
                                                 feature_flags, category, protocol_version, model}}, the record as
                                                 aiohomekit read it (aiohomekit/zeroconf.py; link-local addresses
                                                 are not in it)
  accessories {alias}                            GET /accessories. -> {"accessories": [{aid, services: [{iid, type,
                                                 characteristics: [{iid, type, perms, format, value?, ...}]}]}]}
                                                 with types as aiohomekit normalises them (full UUIDs)
  get {alias, ids}                               -> {"values": {"aid.iid": {"value"} or {"status", "description"}}}
  put {alias, writes: [[aid, iid, value], ...], unchecked?}
                                                 -> {"statuses": {"aid.iid": {"status", "description"}}}, {} when
                                                 the accessory answered 204. aiohomekit refuses on its own side to
                                                 write a characteristic missing from /accessories; with unchecked
                                                 true the same body goes out on the same session anyway, and the
                                                 answer adds the HTTP status and the parsed body: {"statuses",
                                                 "http_status", "body"}
  subscribe {alias, ids}                         -> {"statuses": ...} as put (the failures only)
  events {alias, wait_s, min_count}              The characteristics of the EVENT messages received since the last
                                                 call, waiting up to wait_s for at least min_count of them.
                                                 -> {"events": [{"aid", "iid", "value"}, ...]}
  list_pairings {alias}                          -> {"pairings": [{"pairing_id", "public_key", "permissions",
                                                 "admin"}]}
  add_pairing {alias, pairing_id, public_key_hex?, admin, as_alias?}
                                                 Adds a controller's pairing through alias's admin session. Without
                                                 public_key_hex it makes an Ed25519 key pair and keeps the new
                                                 controller as as_alias (default pairing_id), so that `verify` and
                                                 the other commands can act as it. -> {"pairing_id", "public_key_hex",
                                                 "as_alias"}
  remove_pairing {alias, pairing_id}             -> {"removed": true}
  verify {alias}                                 Pair Verify on a fresh connection with alias's keys, then closes it.
                                                 -> {"ok": true} or {"ok": false, "error", "message"}
  identify {alias} | {host, port, device_id}     Paired: writes Identify (0x14); unpaired: POST /identify.
                                                 -> {"identified": bool}
  reconnect {alias, host?, port?}                Drops alias's connection and pairing object, makes a new one from
                                                 the pairing data (with the accessory's new host or port, as mDNS
                                                 would tell aiohomekit), connects and subscribes again to what alias
                                                 was subscribed to (for an accessory that restarted).
                                                 -> {"connected": true, "subscriptions": N}
  close                                          Closes every connection and answers {"closed": true}; then exits.
"""

import argparse
import asyncio
import json
import logging
import sys
import time

from cryptography.hazmat.primitives.asymmetric import ed25519
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat, PublicFormat

from aiohomekit import hkjson
from aiohomekit.characteristic_cache import CharacteristicCacheMemory
from aiohomekit.controller.ip import IpController, IpDiscovery
from aiohomekit.controller.ip.pairing import IpPairing
from aiohomekit.model import Categories
from aiohomekit.model.feature_flags import FeatureFlags
from aiohomekit.model.status_flags import StatusFlags
from aiohomekit.protocol.statuscodes import to_status_code
from aiohomekit.zeroconf import HAP_TYPE_TCP, HomeKitService, ZeroconfServiceListener
from zeroconf.asyncio import AsyncServiceBrowser, AsyncZeroconf

# How long a fresh connection's Pair Verify may take before `verify` reports the last error aiohomekit saw (it
# retries other failures with a back-off, so a timeout is what a refused verify that is not an Authentication error
# looks like).
VERIFY_TIMEOUT_S = 10


def characteristic_ids(ids):
    """["2.9", ...] -> [(2, 9), ...]"""
    return [tuple(int(part) for part in text.split(".")) for text in ids]


def keyed(results):
    """aiohomekit's {(aid, iid): x} -> {"aid.iid": x}, which JSON can hold."""
    return {f"{aid}.{iid}": value for (aid, iid), value in results.items()}


def description(host, port, device_id):
    """The record mDNS would give for an unpaired bridge (aiohomekit/zeroconf.py HomeKitService), built by hand."""
    return HomeKitService(
        name="mhub",
        id=device_id.lower(),
        model="mhub",
        feature_flags=FeatureFlags(0),
        status_flags=StatusFlags.UNPAIRED,
        config_num=1,
        state_num=1,
        category=Categories.BRIDGE,
        protocol_version="1.1",
        type="_hap._tcp.local.",
        address=host,
        addresses=[host],
        port=port,
    )


class HapController:
    def __init__(self, pairing_file):
        self.pairing_file = pairing_file
        # zeroconf_instance=None: never started (async_start), so nothing browses or touches multicast.
        self.controller = IpController(char_cache=CharacteristicCacheMemory(), zeroconf_instance=None)
        # pair_discovered's controller: an IpController on a started AsyncZeroconf with a _hap._tcp browser, made
        # at the first pair_discovered (the other commands never touch multicast).
        self.discovering = None  # (AsyncZeroconf, AsyncServiceBrowser, IpController)
        self.pairings = {}  # alias -> IpPairing
        self.events = {}  # alias -> [{"aid", "iid", "value"}], what the accessory sent since the last `events`
        self.arrived = asyncio.Event()

    def save(self):
        with open(self.pairing_file, "w", encoding="utf-8") as output:
            json.dump({alias: pairing.pairing_data for alias, pairing in self.pairings.items()}, output, indent=2)

    def pairing(self, alias):
        if alias not in self.pairings:
            raise KeyError(f"no pairing called {alias!r}")
        return self.pairings[alias]

    def adopt(self, alias, pairing):
        """Keeps pairing under alias and records the EVENT messages its connection receives.

        The hook sits on event_received, which the connection calls only for EVENT/1.0 messages: the dispatcher's
        listeners also hear aiohomekit's own echo of a successful put and an empty event on every reconnect, which
        are not the accessory's events.
        """
        self.pairings[alias] = pairing
        self.events.setdefault(alias, [])
        received = pairing.event_received

        def record(event):
            for item in event.get("characteristics", []):
                self.events[alias].append({key: item[key] for key in ("aid", "iid", "value", "status") if key in item})
            self.arrived.set()
            received(event)

        pairing.event_received = record

    async def pair(self, host, port, device_id, code, alias):
        discovery = IpDiscovery(self.controller, description(host, int(port), device_id))
        try:
            finish = await discovery.async_start_pairing(alias)  # M1, M2
            pairing = await finish(code)  # M3 to M6, on the same connection, which it then closes
        except BaseException:
            await discovery.close()  # a refused attempt leaves its connection open otherwise
            raise
        self.adopt(alias, pairing)
        self.save()
        return {"pairing": {key: value for key, value in pairing.pairing_data.items() if "LTSK" not in key}}

    async def discovering_controller(self):
        """The controller that finds accessories by mDNS, started once.

        As aiohomekit's CLI (`aiohomekit/__main__.py`) and Home Assistant's zeroconf integration do: the browser for
        _hap._tcp is registered on the AsyncZeroconf before the controller starts, since ZeroconfController.async_start
        looks for that browser and listens to it rather than making its own.
        """
        if self.discovering is None:
            zeroconf = AsyncZeroconf()
            browser = AsyncServiceBrowser(zeroconf.zeroconf, [HAP_TYPE_TCP], listener=ZeroconfServiceListener())
            controller = IpController(char_cache=CharacteristicCacheMemory(), zeroconf_instance=zeroconf)
            await controller.async_start()
            self.discovering = (zeroconf, browser, controller)
        return self.discovering[2]

    async def pair_discovered(self, device_id, code, alias, timeout_s=30):
        controller = await self.discovering_controller()
        discovery = await controller.async_find(device_id, timeout=float(timeout_s))
        found = discovery.description
        discovered = {
            "name": found.name,
            "id": found.id,
            "address": found.address,
            "addresses": list(found.addresses),
            "port": found.port,
            "config_num": found.config_num,
            "state_num": found.state_num,
            "status_flags": int(found.status_flags),
            "feature_flags": int(found.feature_flags),
            "category": int(found.category),
            "protocol_version": found.protocol_version,
            "model": found.model,
        }
        try:
            finish = await discovery.async_start_pairing(alias)  # M1, M2, at the record's address and port
            pairing = await finish(code)  # M3 to M6
        except BaseException:
            await discovery.close()
            raise
        self.adopt(alias, pairing)
        self.save()
        pairing_data = {key: value for key, value in pairing.pairing_data.items() if "LTSK" not in key}
        return {"pairing": pairing_data, "discovered": discovered}

    async def accessories(self, alias):
        accessories = await self.pairing(alias).list_accessories_and_characteristics()
        metadata = ("format", "value", "unit", "minValue", "maxValue", "minStep", "maxLen", "valid-values")
        return {
            "accessories": [
                {
                    "aid": accessory["aid"],
                    "services": [
                        {
                            "iid": service["iid"],
                            "type": service["type"],
                            "characteristics": [
                                {
                                    "iid": characteristic["iid"],
                                    "type": characteristic["type"],
                                    "perms": characteristic["perms"],
                                    **{key: characteristic[key] for key in metadata if key in characteristic},
                                }
                                for characteristic in service["characteristics"]
                            ],
                        }
                        for service in accessory["services"]
                    ],
                }
                for accessory in accessories
            ]
        }

    async def get(self, alias, ids):
        return {"values": keyed(await self.pairing(alias).get_characteristics(characteristic_ids(ids)))}

    async def put(self, alias, writes, unchecked=False):
        pairing = self.pairing(alias)
        writes = [(int(aid), int(iid), value) for aid, iid, value in writes]
        if not unchecked:
            return {"statuses": keyed(await pairing.put_characteristics(writes))}
        # put_characteristics looks each characteristic up in the accessories it read first and fails on its own side
        # (AttributeError) for one that is not there; unchecked sends the same body on the same session, so that
        # the accessory's answer to an unknown aid or iid (-70409) can be seen, and reads a 207 as aiohomekit does.
        if not pairing.accessories:
            await pairing.list_accessories_and_characteristics()
        body = {"characteristics": [{"aid": aid, "iid": iid, "value": value} for aid, iid, value in writes]}
        response = await pairing.connection.put("/characteristics", hkjson.dump_bytes(body))
        parsed = hkjson.loads(response.body.decode("utf-8")) if response.body else {}
        rows = parsed.get("characteristics", []) if isinstance(parsed, dict) else []
        statuses = {
            f"{row['aid']}.{row['iid']}": {
                "status": row["status"],
                "description": to_status_code(row["status"]).description,
            }
            for row in rows
        }
        return {"statuses": statuses, "http_status": response.code, "body": parsed}

    async def subscribe(self, alias, ids):
        return {"statuses": keyed(await self.pairing(alias).subscribe(characteristic_ids(ids)) or {})}

    async def take_events(self, alias, wait_s=0, min_count=0):
        self.pairing(alias)
        deadline = time.monotonic() + float(wait_s)
        while True:
            self.arrived.clear()  # before counting, so that an event after the count still wakes the wait
            left = deadline - time.monotonic()
            if len(self.events[alias]) >= int(min_count) or left <= 0:
                break
            try:
                await asyncio.wait_for(self.arrived.wait(), left)
            except asyncio.TimeoutError:
                break
        taken, self.events[alias] = self.events[alias], []
        return {"events": taken}

    async def list_pairings(self, alias):
        return {
            "pairings": [
                {
                    "pairing_id": entry["pairingId"],
                    "public_key": entry["publicKey"],
                    "permissions": entry["permissions"],
                    "admin": entry["controllerType"] == "admin",
                }
                for entry in await self.pairing(alias).list_pairings()
            ]
        }

    async def add_pairing(self, alias, pairing_id, admin, public_key_hex=None, as_alias=None):
        pairing = self.pairing(alias)
        secret_hex = None
        if public_key_hex is None:
            key = ed25519.Ed25519PrivateKey.generate()
            secret_hex = key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption()).hex()
            public_key_hex = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
        await pairing.add_pairing(pairing_id, public_key_hex, "Admin" if admin else "User")
        answer = {"pairing_id": pairing_id, "public_key_hex": public_key_hex, "as_alias": None}
        if secret_hex is not None:
            # The new controller's pairing data: the accessory's half as the first controller has it, its own keys.
            data = dict(pairing.pairing_data)
            data.update(iOSPairingId=pairing_id, iOSDeviceLTSK=secret_hex, iOSDeviceLTPK=public_key_hex)
            answer["as_alias"] = as_alias or pairing_id
            self.adopt(answer["as_alias"], IpPairing(self.controller, data))
            self.save()
        return answer

    async def remove_pairing(self, alias, pairing_id):
        removed = await self.pairing(alias).remove_pairing(pairing_id)
        return {"removed": removed}

    async def verify(self, alias):
        fresh = IpPairing(self.controller, dict(self.pairing(alias).pairing_data))
        try:
            await asyncio.wait_for(fresh.connection.ensure_connection(), VERIFY_TIMEOUT_S)
            return {"ok": fresh.connection.is_connected}
        except asyncio.TimeoutError:
            error = fresh.connection.last_connector_error
            if error is None:
                return {"ok": False, "error": "TimeoutError", "message": f"no session in {VERIFY_TIMEOUT_S} s"}
            return {"ok": False, "error": type(error).__name__, "message": str(error)}
        except Exception as error:  # noqa: BLE001  (an AuthenticationError comes straight out of the connector)
            return {"ok": False, "error": type(error).__name__, "message": str(error)}
        finally:
            await fresh.shutdown()

    async def identify(self, alias=None, host=None, port=None, device_id=None):
        if alias is not None:
            return {"identified": await self.pairing(alias).identify()}
        discovery = IpDiscovery(self.controller, description(host, int(port), device_id))
        try:
            await discovery.async_identify()
        finally:
            await discovery.close()
        return {"identified": True}

    async def reconnect(self, alias, host=None, port=None):
        old = self.pairing(alias)
        subscriptions = set(old.subscriptions)
        await old.shutdown()
        data = dict(old.pairing_data)
        # A new address or port is what aiohomekit would learn from the accessory's next mDNS record; here the test
        # says it (an accessory on port 0 gets a new one when it restarts).
        if host is not None:
            data.update(AccessoryIP=host, AccessoryIPs=[host])
        if port is not None:
            data.update(AccessoryPort=int(port))
        pairing = IpPairing(self.controller, data)
        self.adopt(alias, pairing)
        self.save()
        await pairing.list_accessories_and_characteristics()
        if subscriptions:
            await pairing.subscribe(subscriptions)
        return {"connected": pairing.is_connected, "subscriptions": len(subscriptions)}

    async def close(self):
        for pairing in self.pairings.values():
            await pairing.shutdown()
        self.save()
        if self.discovering is not None:
            zeroconf, browser, controller = self.discovering
            self.discovering = None
            await controller.async_stop()
            await browser.async_cancel()
            await zeroconf.async_close()
        return {"closed": True}

    async def run(self, command):
        name = command.pop("command")
        handler = {
            "pair": self.pair,
            "pair_discovered": self.pair_discovered,
            "accessories": self.accessories,
            "get": self.get,
            "put": self.put,
            "subscribe": self.subscribe,
            "events": self.take_events,
            "list_pairings": self.list_pairings,
            "add_pairing": self.add_pairing,
            "remove_pairing": self.remove_pairing,
            "verify": self.verify,
            "identify": self.identify,
            "reconnect": self.reconnect,
            "close": self.close,
        }.get(name)
        if handler is None:
            raise ValueError(f"unknown command {name!r}")
        return await handler(**command)


async def main(pairing_file):
    controller = HapController(pairing_file)
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            await controller.close()
            return
        if not line.strip():
            continue
        name = None
        try:
            command = json.loads(line)
            name = command.get("command")
            answer = await controller.run(command)
        except Exception as error:  # noqa: BLE001  (every failure is an answer; the controller goes on)
            answer = {"error": type(error).__name__, "message": str(error)}
        print(json.dumps(answer), flush=True)
        if name == "close":
            return


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pairing_file")
    parser.add_argument("--log", default="WARNING", help="aiohomekit's log level, on stderr")
    arguments = parser.parse_args()
    logging.basicConfig(level=arguments.log.upper(), stream=sys.stderr)
    asyncio.run(main(arguments.pairing_file))
