// Energy: the EV charger, the water heater, the load controller, the energy meter, the solar inverter and the home
// battery (docs/devices.md, "Energy").

import {
  asController, button, byHand, celsius, command, fixed, isNumber, named, physically, reading, unknown,
} from "./kind-parts.js";

const ACTIVE_POWER = "1/144/8";
const IMPORTED = "1/145/1";
const EXPORTED = "1/145/2";
const ESA_STATE = "1/152/2";
const EVSE_STATE = "1/153/0";
const SUPPLY_STATE = "1/153/1";
const SESSION_ENERGY = "1/153/66";
const WATER = "1/513/0";
const WATER_SETPOINT = "1/513/18";
const BOOST = "1/148/5";
const TANK = "1/148/4";

const watts = (milliwatts) => (Math.abs(milliwatts) >= 1e6
  ? fixed(milliwatts / 1e6, 2, "kW") : fixed(milliwatts / 1e3, 0, "W"));
/** An EnergyMeasurementStruct's energy (mWh) as kWh: keyed "0" or by name. */
const kilowattHours = (measurement) => {
  const milliwattHours = measurement?.["0"] ?? measurement?.energy;
  return isNumber(milliwattHours) ? fixed(milliwattHours / 1e6, 3, "kWh") : unknown;
};

const powerState = (get) => ["Power", isNumber(get(ACTIVE_POWER)) ? watts(get(ACTIVE_POWER)) : unknown];
const used = (get) => ["Energy used", kilowattHours(get(IMPORTED))];
const given = (get) => ["Energy given out", kilowattHours(get(EXPORTED))];
const esaState = (get) => ["Energy management", named(["offline", "online", "fault", "adjusted", "paused"], get(ESA_STATE))];

/** The power measured, set by someone at the device (the sun out, a battery discharging); negative is given out. */
const power = reading({
  key: "meter-power", name: "Power", path: ACTIVE_POWER, unit: "W", min: -10000, max: 10000, step: 1,
  toDevice: (value) => Math.round(value * 1000), fromDevice: (value) => value / 1000, fallback: 0,
});

/** A home energy manager's request: run at 0 W for ten minutes, and its cancel (Device Energy Management). */
const adjustment = [
  button({
    key: "adjust", name: "Hold at 0 W for 10 min",
    act: () => asController(command(152, "PowerAdjustRequest", { power: 0, duration: 600, cause: 0 })),
  }),
  button({
    key: "cancel-adjust", name: "Cancel the adjustment",
    act: () => asController(command(152, "CancelPowerAdjustRequest")),
  }),
];

/** What the car does: plugged in asking for charge, asking for nothing, unplugged (always someone at the charger). */
const car = (key, name, state) => button({ key, name, act: () => byHand(physically(EVSE_STATE, state)) });

export const ENERGY = {
  evse: {
    state: (get) => [
      ["Car", named(["not plugged in", "plugged in", "asking for charge", "charging", "discharging", "session ending",
        "fault"], get(EVSE_STATE))],
      ["Supply", named(["disabled", "charging enabled", "discharging enabled", "disabled by an error",
        "disabled for diagnostics", "enabled"], get(SUPPLY_STATE))],
      powerState(get), used(get),
      ["This session", isNumber(get(SESSION_ENERGY)) ? fixed(get(SESSION_ENERGY) / 1e6, 3, "kWh") : "—"],
    ],
    controls: [
      button({
        key: "enable", name: "Enable charging",
        act: () => asController(command(153, "EnableCharging", {
          chargingEnabledUntil: null, minimumChargeCurrent: 6000, maximumChargeCurrent: 32000,
        })),
      }),
      button({ key: "disable", name: "Disable charging", act: () => asController(command(153, "Disable")) }),
      car("plug", "Plug the car in", 2), car("full", "Car full", 1), car("unplug", "Unplug the car", 0),
      ...adjustment,
    ],
  },
  "water-heater": {
    state: (get) => [
      ["Water", celsius(get(WATER))], ["Heating to", celsius(get(WATER_SETPOINT))],
      ["Boost", named(["off", "on"], get(BOOST))], ["Tank", fixed(get(TANK), 0, "% hot")], powerState(get), used(get),
    ],
    controls: [
      button({
        key: "boost", name: "Boost for 30 min",
        act: () => asController(command(148, "Boost", { boostInfo: { 0: 1800 } })),
      }),
      button({ key: "cancel-boost", name: "Cancel the boost", act: () => asController(command(148, "CancelBoost")) }),
      button({ key: "shower", name: "Someone showers (water at 40 °C)", act: () => byHand(physically(WATER, 4000)) }),
      ...adjustment,
    ],
  },
  "device-energy-management": {
    state: (get) => [esaState(get), powerState(get), used(get)],
    controls: [...adjustment, power.control],
  },
  "electrical-sensor": { state: (get) => [powerState(get), used(get), given(get)], controls: [power.control] },
  "solar-power": { state: (get) => [powerState(get), used(get), given(get), esaState(get)], controls: [power.control, ...adjustment] },
  "battery-storage": { state: (get) => [powerState(get), used(get), given(get), esaState(get)], controls: [power.control, ...adjustment] },
};
