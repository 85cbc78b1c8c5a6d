// Alarms: the smoke and CO alarm and the Boolean State detectors (docs/devices.md, "Alarms"). What they sense a person
// causes at the device; a controller's write is refused, as the device refuses it.

import { button, command, named, toggle, writeOrSet } from "./kind-parts.js";
import { booleanState } from "./kinds-sensors.js";

const EXPRESSED_STATE = "1/92/0";
const SMOKE = "1/92/1";
const CO = "1/92/2";
const BATTERY_ALERT = "1/92/3";
const TEST_IN_PROGRESS = "1/92/5";

const EXPRESSED = [
  "normal", "smoke alarm", "CO alarm", "battery alert", "testing", "hardware fault", "end of service",
  "interconnected smoke alarm", "interconnected CO alarm",
];
/** SmokeState, COState and BatteryAlert. */
const LEVELS = ["normal", "warning", "critical"];

/** Smoke or CO sensed (Critical) or gone. */
const sensed = (key, path, what) => toggle({
  key, name: what, on: (get) => (get(path) ?? 0) !== 0, texts: [`Clear the ${what}`, `Sense ${what}`],
  act: (present, physical) => writeOrSet(path, present ? 2 : 0, physical),
});

export const ALARMS = {
  "smoke-co-alarm": {
    state: (get) => [
      ["Alarm", named(EXPRESSED, get(EXPRESSED_STATE))], ["Smoke", named(LEVELS, get(SMOKE))],
      ["CO", named(LEVELS, get(CO))], ["Battery alert", named(LEVELS, get(BATTERY_ALERT))],
      ["Self-test", get(TEST_IN_PROGRESS) ? "running" : "not running"],
    ],
    controls: [
      // The test button as a controller's SelfTestRequest, whatever the page acts as: a test is started so.
      button({ key: "self-test", name: "Test", act: () => ({ ...command(92, "SelfTestRequest"), physical: false }) }),
      sensed("smoke", SMOKE, "smoke"),
      sensed("co", CO, "CO"),
    ],
  },
  "water-leak-detector": booleanState({
    key: "leak", name: "Water", whenTrue: "leak detected", whenFalse: "dry", texts: ["Dry it", "Leak water"],
  }),
  "water-freeze-detector": booleanState({
    key: "freeze", name: "Freezing", whenTrue: "yes", whenFalse: "no", texts: ["Thaw it", "Freeze it"],
  }),
  "rain-sensor": booleanState({
    key: "rain", name: "Rain", whenTrue: "raining", whenFalse: "dry", texts: ["Stop the rain", "Make it rain"],
  }),
};
