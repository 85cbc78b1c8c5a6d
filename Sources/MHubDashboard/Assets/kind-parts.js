// The parts every device kind is made of: the requests a control sends and the controls themselves, shown by
// home-view.js. A control's act(get, value, physical) answers one request or a list of them, sent in order: a
// controller's command or write, or, "as physical", set_attribute (someone used the device itself). A request with
// `physical` set is that whatever the page's "Act as" says (a button pressed is always pressed by a person). Paths are
// "endpoint/cluster/attribute" with decimal IDs, as the protocol writes them; command fields are CHIP's camelCase
// names, as device_command payloads take them.

/** A command to the device's endpoint 1, or to `endpoint` (a composed device's part). */
export const command = (cluster, name, payload = {}, endpoint = 1) => ({
  command: "device_command", args: { endpoint_id: endpoint, cluster_id: cluster, command_name: name, payload },
});
export const write = (path, value) => ({ command: "write_attribute", args: { attribute_path: path, value } });
export const physically = (path, value) => ({ command: "set_attribute", args: { attribute_path: path, value } });

/** A request that is someone at the device whatever the page acts as (a door opened, a car plugged in). */
export const byHand = (request) => ({ ...request, physical: true });
/** A request that is a controller's whatever the page acts as: a command with no button at the device. */
export const asController = (request) => ({ ...request, physical: false });

/** A controller writes `path` (a device refuses a reading), a person sets it: the same value either way. */
export const writeOrSet = (path, value, physical) => (physical ? physically(path, value) : write(path, value));

/** Several attributes set by a person at once, in order: [[path, value], …]. */
export const physicallyAll = (pairs) => pairs.map(([path, value]) => physically(path, value));

// How values read.

export const isNumber = (value) => typeof value === "number" && Number.isFinite(value);
export const unknown = "unknown";
export const fixed = (value, digits, unit) => (isNumber(value) ? `${value.toFixed(digits)} ${unit}` : unknown);
export const celsius = (hundredths) => (isNumber(hundredths) ? fixed(hundredths / 100, 1, "°C") : unknown);
/** An enumeration's name: names[value], or "unknown". */
export const named = (names, value) => names[value] ?? unknown;

// Controls. Each has a key (unique on its card), a type home-view.js draws and a name people read.

/** A button that flips between two states; `on(get)` says which it is in, `texts` what it offers in each. */
export function toggle({ key, name, on, texts: [whenOn, whenOff], act }) {
  return {
    key, type: "button", name,
    pressed: (get) => on(get) === true,
    text: (get) => (on(get) ? whenOn : whenOff),
    act: (get, _value, physical) => act(!on(get), physical, get),
  };
}

/** A button that always does the same thing. */
export function button({ key, name, text = name, act }) {
  return { key, type: "button", name, text: () => text, act: (get, _value, physical) => act(physical, get) };
}

/** A slider from min to max; `valueText(value)` says a position in words for assistive technology. */
export function slider({ key, name, min, max, step = 1, value, valueText, act }) {
  return {
    key, type: "range", name, min, max, step, value, valueText,
    act: (get, chosen, physical) => act(chosen, physical, get),
  };
}

/** A number typed in and set; `value(get)` is what the field starts with, in the unit its name says. */
function numberField({ key, name, min, max, step, value, act }) {
  return { key, type: "number", name, min, max, step, value, act: (get, typed, physical) => act(typed, physical, get) };
}

/** A choice of `options(get)`, [[value, text], …] with numeric values; `value(get)` is the one chosen. */
export function choice({ key, name, options, value, act }) {
  return { key, type: "select", name, options, value, act: (get, chosen, physical) => act(chosen, physical, get) };
}

const ON_OFF = "1/6/0";

/** On/Off's power button (lights, plugs, the pump, the air conditioner): On and Off, or the switch pressed. */
export const power = toggle({
  key: "power", name: "Power", on: (get) => get(ON_OFF) === true, texts: ["Turn off", "Turn on"],
  act: (on, physical) => (physical ? physically(ON_OFF, on) : command(6, on ? "On" : "Off")),
});
export const powerState = (get) => ["Power", get(ON_OFF) ? "on" : "off"];

/**
 * A reading a sensor measures, in the unit people use (`unit`, with `digits` decimals) and the device's
 * (`toDevice`, `fromDevice`): its state line and its number field, which a controller's write cannot change (the
 * device refuses it) and a person's can.
 */
export function reading({ key, name, path, unit, digits = 0, min, max, step, toDevice, fromDevice, fallback }) {
  const shown = (get) => (isNumber(get(path)) ? fromDevice(get(path)) : undefined);
  return {
    state: (get) => [name, isNumber(shown(get)) ? fixed(shown(get), digits, unit) : unknown],
    control: numberField({
      key, name: `${name} (${unit})`, min, max, step,
      value: (get) => Number((shown(get) ?? fallback).toFixed(digits)),
      act: (typed, physical) => writeOrSet(path, toDevice(typed), physical),
    }),
  };
}

/** Readings kept in hundredths of their unit (temperature, humidity). */
export const hundredths = { toDevice: (value) => Math.round(value * 100), fromDevice: (value) => value / 100 };
/** Readings kept in tenths of their unit (pressure, flow). */
export const tenths = { toDevice: (value) => Math.round(value * 10), fromDevice: (value) => value / 10 };
/** Readings kept as they are (concentrations, single-precision floats). */
export const asIs = { toDevice: (value) => value, fromDevice: (value) => value };
