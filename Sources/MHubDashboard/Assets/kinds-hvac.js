// HVAC: the thermostat, the fan, the air purifier, the air conditioner and the heat pump (docs/devices.md, "HVAC" and
// "The heat pump"). Fan Control has no commands: a controller writes FanMode or PercentSetting and the fan sets the
// rest ("Writes"); a person's pull chain sets FanMode with the current percentage and speed, as the fan would have.

import {
  button, celsius, choice, command, fixed, hundredths, isNumber, named, physically, physicallyAll, power, powerState,
  reading, slider, unknown, write, writeOrSet,
} from "./kind-parts.js";
import { airQuality, pm25, temperature } from "./kinds-sensors.js";

const LOCAL_TEMPERATURE = "1/513/0";
const COOLING_SETPOINT = "1/513/17";
const HEATING_SETPOINT = "1/513/18";
const SYSTEM_MODE = "1/513/28";
const FAN_MODE = "1/514/0";
const PERCENT_SETTING = "1/514/2";
const PERCENT_CURRENT = "1/514/3";
const SPEED_MAX = "1/514/4";
const SPEED_CURRENT = "1/514/6";

/**
 * Raise or lower a setpoint by half a degree: SetpointRaiseLower (tenths) to the thermostat's endpoint, the path's, or
 * turned at the device (hundredths).
 */
const setpointButtons = ({ mode, path, what, fallback }) => [-1, 1].map((sign) => button({
  key: `${what.toLowerCase()}-${sign < 0 ? "down" : "up"}`, name: `${what} ${sign < 0 ? "−" : "+"}0.5 °C`,
  act: (physical, get) =>
    physical ? physically(path, (get(path) ?? fallback) + sign * 50)
      : command(513, "SetpointRaiseLower", { mode, amount: sign * 5 }, Number(path.split("/")[0])),
}));

/** FanMode's names; the page offers the modes of FanModeSequence 2 (Off, Low, Medium, High, Auto). */
const FAN_MODES = ["off", "low", "medium", "high", "on", "auto", "smart"];
/** What the fan runs at in each mode it offers, as its write logic sets it: [mode, percent]. */
const FAN_PERCENTS = [[0, 0], [1, 33], [2, 66], [3, 100], [5, 50]];
const speedOf = (percent, get) => Math.ceil((percent * (get(SPEED_MAX) ?? 10)) / 100);

export const fanState = (get) => [
  ["Fan", named(FAN_MODES, get(FAN_MODE))],
  ["Fan speed", isNumber(get(PERCENT_CURRENT))
    ? `${get(PERCENT_CURRENT)}% (speed ${get(SPEED_CURRENT) ?? unknown} of ${get(SPEED_MAX) ?? unknown})` : unknown],
];

export const fanControls = [
  choice({
    key: "fan-mode", name: "Fan mode",
    options: () => FAN_PERCENTS.map(([mode]) => [mode, FAN_MODES[mode]]),
    value: (get) => get(FAN_MODE) ?? 0,
    act: (mode, physical, get) => {
      if (!physical) return write(FAN_MODE, mode);
      const percent = FAN_PERCENTS.find(([known]) => known === mode)?.[1] ?? 0;
      return physicallyAll([[FAN_MODE, mode], [PERCENT_CURRENT, percent], [SPEED_CURRENT, speedOf(percent, get)]]);
    },
  }),
  slider({
    key: "fan-percent", name: "Fan speed", min: 0, max: 100,
    value: (get) => get(PERCENT_SETTING) ?? get(PERCENT_CURRENT) ?? 0,
    valueText: (percent) => `${percent}%`,
    act: (percent, physical, get) => (physical
      ? physicallyAll([[PERCENT_CURRENT, percent], [SPEED_CURRENT, speedOf(percent, get)]])
      : write(PERCENT_SETTING, percent)),
  }),
];

/** A filter's Condition (percent left) and ChangeIndication; Reset is ResetCondition, or a new one put in by hand. */
const filter = (cluster, what) => ({
  state: (get) => [`${what} filter`, isNumber(get(`1/${cluster}/0`))
    ? `${get(`1/${cluster}/0`)}% left, ${named(["OK", "change soon", "change now"], get(`1/${cluster}/2`))}`
    : unknown],
  control: button({
    key: `reset-${what.toLowerCase()}`, name: `Reset ${what} filter`,
    act: (physical) => (physical ? physicallyAll([[`1/${cluster}/0`, 100], [`1/${cluster}/2`, 0]])
      : command(cluster, "ResetCondition")),
  }),
});
const hepa = filter(113, "HEPA");
export const carbon = filter(114, "Carbon");

/** SystemMode: what the air conditioner does; Control Sequence 4 (cooling and heating) offers 0, 1, 3 and 4. */
const SYSTEM_MODES = [
  "off", "auto", "reserved", "cool", "heat", "emergency heat", "precooling", "fan only", "dry", "sleep",
];

/**
 * The heat pump (a composed device): its meter on endpoint 1 (ActivePower in mW, CumulativeEnergyImported's energy in
 * mWh), its room thermostat on 2 (ThermostatRunningState bit 0 is heating), its outdoor sensor on 3.
 */
const ACTIVE_POWER = "1/144/8";
const ENERGY_IMPORTED = "1/145/1";
const PUMP_HEATING_SETPOINT = "2/513/18";
const RUNNING_STATE = "2/513/41";
const roomTemperature = reading({
  key: "room", name: "Room", path: "2/513/0", unit: "°C", digits: 1, min: 7, max: 30, step: 0.5, ...hundredths,
  fallback: 20.5,
});
const outdoorTemperature = reading({
  key: "outdoors", name: "Outdoors", path: "3/1026/0", unit: "°C", digits: 1, min: -40, max: 50, step: 0.5,
  ...hundredths, fallback: 5,
});
const watts = (milliwatts) => (milliwatts >= 1e6 ? fixed(milliwatts / 1e6, 2, "kW") : fixed(milliwatts / 1e3, 0, "W"));
const energy = (get) => get(ENERGY_IMPORTED)?.["0"] ?? get(ENERGY_IMPORTED)?.energy;

export const HVAC = {
  thermostat: {
    state: (get) => [["Room", celsius(get(LOCAL_TEMPERATURE))], ["Heating to", celsius(get(HEATING_SETPOINT))]],
    controls: setpointButtons({ mode: 0, path: HEATING_SETPOINT, what: "Heating", fallback: 2000 }),
  },
  fan: { state: fanState, controls: fanControls },
  "air-purifier": {
    state: (get) => [...fanState(get), hepa.state(get), carbon.state(get), airQuality.state(get), pm25.state(get)],
    controls: [...fanControls, hepa.control, carbon.control, airQuality.control],
  },
  "heat-pump": {
    state: (get) => [
      ["Heat pump", isNumber(get(RUNNING_STATE)) ? (get(RUNNING_STATE) & 1 ? "heating" : "on standby") : unknown],
      ["Power", isNumber(get(ACTIVE_POWER)) ? watts(get(ACTIVE_POWER)) : unknown],
      ["Energy used", isNumber(energy(get)) ? fixed(energy(get) / 1e6, 3, "kWh") : unknown],
      roomTemperature.state(get), ["Heating to", celsius(get(PUMP_HEATING_SETPOINT))], outdoorTemperature.state(get),
    ],
    controls: [
      ...setpointButtons({ mode: 0, path: PUMP_HEATING_SETPOINT, what: "Heating", fallback: 2000 }),
      roomTemperature.control, outdoorTemperature.control,
    ],
  },
  "room-air-conditioner": {
    state: (get) => [
      powerState(get), ["Mode", named(SYSTEM_MODES, get(SYSTEM_MODE))], temperature.state(get),
      ["Cooling to", celsius(get(COOLING_SETPOINT))], ["Heating to", celsius(get(HEATING_SETPOINT))], ...fanState(get),
    ],
    controls: [
      power,
      choice({
        key: "system-mode", name: "Mode", options: () => [0, 1, 3, 4].map((mode) => [mode, SYSTEM_MODES[mode]]),
        value: (get) => get(SYSTEM_MODE) ?? 1,
        act: (mode, physical) => writeOrSet(SYSTEM_MODE, mode, physical),
      }),
      ...setpointButtons({ mode: 1, path: COOLING_SETPOINT, what: "Cooling", fallback: 2600 }),
      ...fanControls,
    ],
  },
};
