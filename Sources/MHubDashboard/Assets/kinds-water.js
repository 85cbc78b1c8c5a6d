// Water: the valve and the pump (docs/devices.md, "Water").

import { asIs, button, command, isNumber, named, physicallyAll, power, powerState, reading } from "./kind-parts.js";

const REMAINING_DURATION = "1/129/3";
const CURRENT_STATE = "1/129/4";
const TARGET_STATE = "1/129/5";

/** Open (for `seconds`, else DefaultOpenDuration, else until Close) or Close; by hand, the valve turned. */
const valveButton = (key, text, open, seconds) => button({
  key, name: text,
  act: (physical) => {
    if (physical) return physicallyAll([[CURRENT_STATE, open ? 1 : 0], [TARGET_STATE, open ? 1 : 0]]);
    if (!open) return command(129, "Close");
    return command(129, "Open", seconds ? { openDuration: seconds } : {});
  },
});

const closesIn = (seconds) => (seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`);

/** The pump's speed (rpm): set by someone at the pump; a controller's write is refused. */
const speed = reading({
  key: "speed", name: "Speed", path: "1/512/20", unit: "rpm", min: 0, max: 3000, step: 100, ...asIs, fallback: 0,
});

export const WATER = {
  "water-valve": {
    state: (get) => [
      ["Valve", named(["closed", "open", "moving"], get(CURRENT_STATE))],
      ["Closes in", isNumber(get(REMAINING_DURATION)) ? closesIn(get(REMAINING_DURATION))
        : get(CURRENT_STATE) === 1 ? "when closed" : "—"],
    ],
    controls: [
      valveButton("open", "Open", true), valveButton("open-10", "Open for 10 min", true, 600),
      valveButton("close", "Close", false),
    ],
  },
  pump: {
    state: (get) => [powerState(get), speed.state(get)],
    controls: [power, speed.control],
  },
};
