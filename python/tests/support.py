"""What several of these tests share."""

import os

#: The lamp of docs/protocol.md: an On/Off light with discriminator 1234 and passcode 20202021.
LAMP = {"template": "on-off-light", "name": "Lamp", "discriminator": 1234, "passcode": 20202021}


def gone(pid: int) -> bool:
    """Whether process `pid` has ended (a zombie has: this machine's PID 1 reaps orphans lazily)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True
