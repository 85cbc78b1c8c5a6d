// Closures: the door lock and the roller shade (docs/devices.md, "Closures").

import { button, command, isNumber, named, physically, toggle, unknown } from "./kind-parts.js";

const LOCK_STATE = "1/257/0";
/** Lift in 100ths of a percent: 0 is fully open, 10000 fully closed. */
const LIFT = "1/258/14";

export const CLOSURES = {
  "door-lock": {
    // LockState: 0 not fully locked, 1 locked, 2 unlocked.
    state: (get) => [["Lock", named(["not fully locked", "locked", "unlocked"], get(LOCK_STATE))]],
    controls: [toggle({
      key: "lock", name: "Lock", on: (get) => get(LOCK_STATE) === 1, texts: ["Unlock", "Lock"],
      act: (lock, physical) =>
        physical ? physically(LOCK_STATE, lock ? 1 : 2) : command(257, lock ? "LockDoor" : "UnlockDoor"),
    })],
  },
  "window-covering": {
    state: (get) => [["Closed", isNumber(get(LIFT)) ? `${Math.round(get(LIFT) / 100)}%` : unknown]],
    controls: [["open", "Open", "UpOrOpen", 0], ["close", "Close", "DownOrClose", 10000]].map(
      ([key, text, name, lift]) => button({
        key, name: text, act: (physical) => (physical ? physically(LIFT, lift) : command(258, name)),
      })),
  },
};
