// What each device template shows and which controls it has (docs/devices.md), by category in the kinds-*.js
// modules, made of the parts in kind-parts.js; and the battery every device with a Power Source shows.
//
// A kind is {state(get, lastEvent), controls, note?}: its state lines, [label, text], from get(path) (an attribute,
// "endpoint/cluster/attribute") and lastEvent(clusterID) (the node's newest node_event of that cluster, if any); its
// controls (kind-parts.js); a note the card shows when the kind needs one.

import { isNumber, physicallyAll, slider, write } from "./kind-parts.js";
import { ALARMS } from "./kinds-alarms.js";
import { APPLIANCES } from "./kinds-appliances.js";
import { CLOSURES } from "./kinds-closures.js";
import { ENERGY } from "./kinds-energy.js";
import { HVAC } from "./kinds-hvac.js";
import { KITCHEN } from "./kinds-kitchen.js";
import { LIGHTING } from "./kinds-lighting.js";
import { NETWORK } from "./kinds-network.js";
import { ROBOTIC } from "./kinds-robotic.js";
import { SENSORS } from "./kinds-sensors.js";
import { SWITCHES } from "./kinds-switches.js";
import { WATER } from "./kinds-water.js";
import { MEDIA } from "./kinds-media.js";

export const KINDS = {
  ...LIGHTING, ...SWITCHES, ...SENSORS, ...CLOSURES, ...HVAC, ...ALARMS, ...WATER, ...APPLIANCES, ...KITCHEN, ...ROBOTIC,
  ...ENERGY, ...MEDIA,
  ...NETWORK,
};

/** What a template without an entry here shows: nothing to control. */
export const UNKNOWN_KIND = { state: () => [], controls: [] };

/** Power Source: BatPercentRemaining in half percents, BatChargeLevel (0 OK, 1 warning, 2 critical). */
const BAT_PERCENT = "1/47/12";
const BAT_CHARGE_LEVEL = "1/47/14";
const BAT_REPLACEMENT_NEEDED = "1/47/15";

/** What a battery's charge level is at a percentage, as the device would report it. */
const chargeLevel = (percent) => (percent <= 10 ? 2 : percent <= 25 ? 1 : 0);

const batteryState = (get) => {
  const level = ["", ", low", ", critically low"][get(BAT_CHARGE_LEVEL)] ?? "";
  const replace = get(BAT_REPLACEMENT_NEEDED) === true ? ", replace it" : "";
  return ["Battery", `${Math.round(get(BAT_PERCENT) / 2)}%${level}${replace}`];
};

/** The battery running down or charged again: a person's change; a controller's write is refused. */
const batteryCharge = slider({
  key: "battery", name: "Battery charge", min: 0, max: 100,
  value: (get) => Math.round((get(BAT_PERCENT) ?? 200) / 2),
  valueText: (percent) => `${percent}%`,
  act: (percent, physical) => (physical
    ? physicallyAll([
      [BAT_PERCENT, percent * 2], [BAT_CHARGE_LEVEL, chargeLevel(percent)], [BAT_REPLACEMENT_NEEDED, percent <= 10],
    ])
    : write(BAT_PERCENT, percent * 2)),
});

/** The kind of a device of `template`, with its battery when it has one. */
export function kindOf(template, get) {
  const kind = KINDS[template] ?? UNKNOWN_KIND;
  if (!isNumber(get(BAT_PERCENT))) return kind;
  return {
    ...kind,
    state: (read, lastEvent) => [...kind.state(read, lastEvent), batteryState(read)],
    controls: [...kind.controls, batteryCharge],
  };
}
