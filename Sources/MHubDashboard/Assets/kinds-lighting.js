// Lights, plugs and mounted controls: power, brightness, colour temperature, hue and saturation (docs/devices.md,
// "Lighting").

import {
  command, isNumber, named, physically, physicallyAll, power, powerState, slider, unknown,
} from "./kind-parts.js";

const LEVEL = "1/8/0";
const HUE = "1/768/0";
const SATURATION = "1/768/1";
const COLOR_X = "1/768/3";
const COLOR_Y = "1/768/4";
const MIREDS = "1/768/7";
const COLOR_MODE = "1/768/8";
const ENHANCED_COLOR_MODE = "1/768/16385";
/** ColorTempPhysicalMin/MaxMireds of mhub's lights: 6500 K and 2000 K. */
const WARMEST_KELVIN = 2000;
const COLDEST_KELVIN = 6500;
/** Hue and saturation 254 are a full turn of the colour wheel and full saturation. */
const FULL = 254;
const noOptions = { transitionTime: 0, optionsMask: 0, optionsOverride: 0 };
/** A colour chosen while the light is off is still taken (ExecuteIfOff in OptionsMask and OptionsOverride), as Home
 * Assistant sends it: the light shows it when it is turned on. */
const evenIfOff = { transitionTime: 0, optionsMask: 1, optionsOverride: 1 };

const brightness = slider({
  key: "level", name: "Brightness", min: 1, max: 254,
  value: (get) => get(LEVEL) ?? 1,
  valueText: (level) => `${Math.round((level / 254) * 100)}%`,
  act: (level, physical) =>
    physical ? physically(LEVEL, level) : command(8, "MoveToLevelWithOnOff", { level, ...noOptions }),
});

const kelvin = (mireds) => Math.round(1e6 / mireds);

const colourTemperature = slider({
  key: "colour-temperature", name: "Colour temperature", min: WARMEST_KELVIN, max: COLDEST_KELVIN, step: 50,
  value: (get) => (isNumber(get(MIREDS)) && get(MIREDS) > 0 ? kelvin(get(MIREDS)) : 4000),
  valueText: (value) => `${value} K`,
  act: (value, physical) => {
    const mireds = kelvin(value);
    return physical
      ? physicallyAll([[MIREDS, mireds], [COLOR_MODE, 2], [ENHANCED_COLOR_MODE, 2]])
      : command(768, "MoveToColorTemperature", { colorTemperatureMireds: mireds, ...evenIfOff });
  },
});

const degrees = (hue) => Math.round((hue / FULL) * 360);
const percent = (value) => Math.round((value / FULL) * 100);

/**
 * One of hue or saturation changed, the other kept: MoveToHueAndSaturation, or by hand both and the colour mode
 * (which a command sets too; set by hand, the light would otherwise still show colour temperature).
 */
function hueAndSaturation(hue, saturation, physical) {
  return physical
    ? physicallyAll([[HUE, hue], [SATURATION, saturation], [COLOR_MODE, 0], [ENHANCED_COLOR_MODE, 0]])
    : command(768, "MoveToHueAndSaturation", { hue, saturation, ...evenIfOff });
}

const hue = slider({
  key: "hue", name: "Hue", min: 0, max: FULL,
  value: (get) => get(HUE) ?? 0,
  valueText: (value) => `${degrees(value)}°`,
  act: (value, physical, get) => hueAndSaturation(value, get(SATURATION) ?? FULL, physical),
});

const saturation = slider({
  key: "saturation", name: "Saturation", min: 0, max: FULL,
  value: (get) => get(SATURATION) ?? 0,
  valueText: (value) => `${percent(value)}%`,
  act: (value, physical, get) => hueAndSaturation(get(HUE) ?? 0, value, physical),
});

/** A hue (0–360°) and saturation (0–1) at full value as #rrggbb. */
function hexOf(degrees, saturationShare) {
  const channel = (n) => {
    const k = (n + degrees / 60) % 6;
    const value = 1 - saturationShare * Math.max(0, Math.min(k, 4 - k, 1));
    return Math.round(value * 255).toString(16).padStart(2, "0");
  };
  return `#${channel(5)}${channel(3)}${channel(1)}`;
}

/** #rrggbb as Color Control's hue and saturation (0–254 each); its brightness is the Level Control's business. */
function hueAndSaturationOf(hex) {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const spread = max - Math.min(r, g, b);
  let degrees = 0;
  if (spread > 0) {
    if (max === r) degrees = 60 * (((g - b) / spread + 6) % 6);
    else if (max === g) degrees = 60 * ((b - r) / spread + 2);
    else degrees = 60 * ((r - g) / spread + 4);
  }
  return [Math.round((degrees / 360) * FULL), max > 0 ? Math.round((spread / max) * FULL) : 0];
}

/** The browser's colour picker: the colour shown, and a colour chosen sent as hue and saturation. */
const colourPicker = {
  key: "colour", type: "color", name: "Colour",
  value: (get) => hexOf(((get(HUE) ?? 0) / FULL) * 360, (get(SATURATION) ?? 0) / FULL),
  act: (_get, hex, physical) => hueAndSaturation(...hueAndSaturationOf(hex), physical),
};

const light = { state: (get) => [powerState(get)], controls: [power] };

const dimmable = {
  state: (get) => [powerState(get), ["Brightness", isNumber(get(LEVEL)) ? brightness.valueText(get(LEVEL)) : unknown]],
  controls: [power, brightness],
};

const temperatureText = (get) => (isNumber(get(MIREDS)) && get(MIREDS) > 0 ? `${kelvin(get(MIREDS))} K` : unknown);

/** ColorMode: which of the colour attributes the light shows. */
const COLOR_MODES = ["hue and saturation", "xy", "colour temperature"];

function colourText(get) {
  switch (get(COLOR_MODE)) {
    case 0: return `hue ${degrees(get(HUE) ?? 0)}°, saturation ${percent(get(SATURATION) ?? 0)}%`;
    case 1: return `x ${((get(COLOR_X) ?? 0) / 65536).toFixed(3)}, y ${((get(COLOR_Y) ?? 0) / 65536).toFixed(3)}`;
    default: return temperatureText(get);
  }
}

export const LIGHTING = {
  "on-off-light": light,
  "on-off-plug-in-unit": light,
  "mounted-on-off-control": light,
  "dimmable-light": dimmable,
  "dimmable-plug-in-unit": dimmable,
  "mounted-dimmable-load-control": dimmable,
  "color-temperature-light": {
    state: (get) => [...dimmable.state(get), ["Colour", temperatureText(get)]],
    controls: [...dimmable.controls, colourTemperature],
  },
  "extended-color-light": {
    state: (get) => [
      ...dimmable.state(get), ["Colour mode", named(COLOR_MODES, get(COLOR_MODE))], ["Colour", colourText(get)],
    ],
    controls: [...dimmable.controls, colourTemperature, colourPicker, hue, saturation],
  },
};
