// The hub's HomeKit bridge, as get_homekit and homekit_updated describe it (docs/homekit.md): where it listens, whether
// a controller paired, who did, what it serves. Text only, so that Node tests it without a page; the HomeKit panel
// (panels-view.js) draws it.

/** The bridge's facts, each [term, value, key]: its port and Device ID, paired or not, what it serves, c#. */
export function homeKitFacts(homekit) {
  if (!homekit.enabled) return [["HomeKit", "off (homekit.enabled is false)", "homekit-enabled"]];
  if (!homekit.port) return [["HomeKit", "starting: its port does not listen yet", "homekit-enabled"]];
  const pairings = homekit.pairings.length;
  const paired = homekit.paired ? `yes, with ${pairings} controller${pairings === 1 ? "" : "s"}` : "no";
  return [
    ["Port", `TCP ${homekit.port}`, "homekit-port"],
    ["Device ID", homekit.device_id, "homekit-device-id"],
    ["Setup ID", homekit.setup_id, "homekit-setup-id"],
    ["Paired", paired, "homekit-paired"],
    ["Accessories", `${homekit.accessories} served, ${homekit.omitted_devices} left out`, "homekit-accessories"],
    ["Configuration (c#)", String(homekit.configuration_number), "homekit-configuration"],
  ];
}

/** Each paired controller, one line: "8F6E1C52-… (admin)" or "iPad-guest (user)". */
export function pairingLines(homekit) {
  return (homekit.pairings ?? []).map((pairing) => `${pairing.identifier} (${pairing.admin ? "admin" : "user"})`);
}

/** Whether the setup code and its QR code show: while nobody paired, and only when the hub gave them, which it
 * does to the admin scope alone. Once paired the code is of no use: a paired accessory refuses Pair Setup's M1 with
 * Unavailable (HAP R14 §5.6; ADK `HAP/HAPPairingPairSetup.c`). */
export function showsSetupCode(homekit) {
  return homekit.enabled && !homekit.paired && Boolean(homekit.setup_code) && Boolean(homekit.setup_uri);
}

/** Why the setup code does not show, or null when it does. */
export function hiddenSetupCodeLine(homekit, admin) {
  if (!homekit.enabled || !homekit.port || showsSetupCode(homekit)) return null;
  if (homekit.paired) return "Paired: a new controller is added from the Home app of an admin controller.";
  return admin ? "The hub gave no setup code." : "Its setup code and QR code show with the admin scope.";
}
