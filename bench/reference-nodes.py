#!/usr/bin/env python3
"""Writes N commissioned nodes into a python-matter-server 7.0.1 storage directory, the way that server stores
them, so that at start-up it loads N nodes (the benchmark's reference with 10,000 devices).

The server keeps its data in STORAGE/<compressed fabric id>.json: {"vendor_info": …, "last_node_id": N,
"nodes": {"<node id>": MatterNodeData}}, MatterNodeData's attributes keyed "endpoint/cluster/attribute" with
the values as the CHIP SDK's TLV reader gives them (structs as {"<field tag>": value}). The compressed fabric
id is computed from STORAGE/chip.json (the CHIP stack's storage, which must exist: start the server once or
let scripts/ohf-server.sh make it): HKDF-SHA256 of the root CA's public key (X‖Y) with the fabric id
(big-endian) as salt and "CompressedFabric" as info, 8 bytes.

Each node is an On/Off light: endpoint 0 with Descriptor and Basic Information, endpoint 1 with Descriptor,
Identify, Groups and On/Off; 62 attributes, global ones (65528…65533) included. Nodes are stored as the
server stores commissioned nodes (interview_version 6, the data model schema of 7.0.1, so that no re-interview
is due); at start the server marks them unavailable until a device shows up on mDNS.

Usage: bench/reference-nodes.py --storage DIR --nodes N [--fabric-id 1]
Prints the storage file written on stdout. Standard-library Python only.
"""

import argparse
import base64
import hashlib
import hmac
import json
import os
import sys

DATA_MODEL_SCHEMA_VERSION = 6  # matter_server.server.const.DATA_MODEL_SCHEMA_VERSION in 7.0.1
COMMISSIONED = "2025-01-01T00:00:00"

# What the server itself stores under "vendor_info" after its first start without network (vendor_info.py).
VENDOR_INFO = {
    "65521": {
        "vendor_id": 65521,
        "vendor_name": "Test",
        "company_legal_name": "Test",
        "company_preferred_name": "Test",
        "vendor_landing_page_url": "https://csa-iot.org",
        "creator": "",
    },
    "4939": {
        "vendor_id": 4939,
        "vendor_name": "Nabu Casa",
        "company_legal_name": "Nabu Casa Inc.",
        "company_preferred_name": "Nabu Casa",
        "vendor_landing_page_url": "https://nabucasa.com/",
        "creator": "",
    },
}


def hkdf_sha256(ikm: bytes, salt: bytes, info: bytes, length: int) -> bytes:
    prk = hmac.new(salt, ikm, hashlib.sha256).digest()
    okm, block, counter = b"", b"", 1
    while len(okm) < length:
        block = hmac.new(prk, block + info + bytes([counter]), hashlib.sha256).digest()
        okm += block
        counter += 1
    return okm[:length]


def compressed_fabric_id(storage: str, fabric_id: int) -> int:
    """The compressed fabric id of the server's fabric, from the CHIP stack's chip.json."""
    with open(os.path.join(storage, "chip.json"), encoding="utf-8") as file:
        chip = json.load(file)
    # The server uses the first certificate authority (index 1 in a fresh storage); its key is stored as
    # the uncompressed public key (0x04‖X‖Y) followed by the private key.
    ca_indexes = sorted(int(index) for index in chip.get("repl-config", {}).get("caList", {}))
    index = ca_indexes[0] if ca_indexes else 1
    key = base64.b64decode(chip["sdk-config"][f"ExampleOpCredsCAKey{index}"])
    if len(key) < 65 or key[0] != 0x04:
        raise ValueError("unexpected CA key format in chip.json")
    return int.from_bytes(hkdf_sha256(key[1:65], fabric_id.to_bytes(8, "big"), b"CompressedFabric", 8), "big")


def globals_(accepted: list, generated: list, attributes: list, feature_map: int, revision: int) -> dict:
    return {
        65528: generated,
        65529: accepted,
        65531: sorted(attributes) + [65528, 65529, 65531, 65532, 65533],
        65532: feature_map,
        65533: revision,
    }


def light_attributes(node_id: int) -> dict:
    clusters = {
        # endpoint 0: root node
        (0, 29): {0: [{"0": 22, "1": 1}], 1: [29, 40], 2: [], 3: [1]},
        (0, 40): {
            0: 17,
            1: "Mock Vendor",
            2: 65521,
            3: "Mock On/Off Light",
            4: 32768,
            5: f"Light {node_id}",
            6: "XX",
            7: 1,
            8: "1.0",
            9: 1,
            10: "1.0.0",
            11: "20250101",
            14: "Mock On/Off Light",
            15: f"SN{node_id:010d}",
            18: f"{node_id:016X}",
            19: {"0": 3, "1": 3},
        },
        # endpoint 1: on/off light
        (1, 3): {0: 0, 1: 2},
        (1, 4): {0: 128},
        (1, 6): {0: False, 16384: True, 16385: 0, 16386: 0, 16387: None},
        (1, 29): {0: [{"0": 256, "1": 3}], 1: [3, 4, 6, 29], 2: [], 3: []},
    }
    commands = {  # (accepted, generated, feature map, cluster revision)
        (0, 29): ([], [], 0, 2),
        (0, 40): ([], [], 0, 3),
        (1, 3): ([0, 64], [], 0, 4),
        (1, 4): ([0, 1, 2, 3, 4, 5], [0, 1, 2, 3], 1, 4),
        (1, 6): ([0, 1, 2, 64, 65, 66], [], 1, 6),
        (1, 29): ([], [], 0, 2),
    }
    attributes = {}
    for (endpoint, cluster), values in clusters.items():
        accepted, generated, feature_map, revision = commands[(endpoint, cluster)]
        values = {**values, **globals_(accepted, generated, list(values), feature_map, revision)}
        for attribute, value in values.items():
            attributes[f"{endpoint}/{cluster}/{attribute}"] = value
    return attributes


def node(node_id: int) -> dict:
    return {
        "node_id": node_id,
        "date_commissioned": COMMISSIONED,
        "last_interview": COMMISSIONED,
        "interview_version": DATA_MODEL_SCHEMA_VERSION,
        "available": False,
        "is_bridge": False,
        "attributes": light_attributes(node_id),
        "attribute_subscriptions": [],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--storage", required=True, help="the server's --storage-path (holding chip.json)")
    parser.add_argument("--nodes", type=int, required=True, help="how many nodes (0 allowed)")
    parser.add_argument("--fabric-id", type=int, default=1, help="the server's --fabricid (default 1)")
    args = parser.parse_args()
    if args.nodes < 0:
        parser.error("--nodes must be 0 or more")

    cfid = compressed_fabric_id(args.storage, args.fabric_id)
    path = os.path.join(args.storage, f"{cfid}.json")
    data = {
        "vendor_info": VENDOR_INFO,
        "last_node_id": args.nodes,
        "nodes": {str(node_id): node(node_id) for node_id in range(1, args.nodes + 1)},
    }
    temporary = path + ".tmp"
    with open(temporary, "w", encoding="utf-8") as file:
        json.dump(data, file, indent=2)
    os.replace(temporary, path)
    # A backup left by an earlier run would be read if the new file were unreadable: it is not ours.
    try:
        os.unlink(path + ".backup")
    except FileNotFoundError:
        pass
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
