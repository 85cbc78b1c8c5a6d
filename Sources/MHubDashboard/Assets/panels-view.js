// The hub's status, its window and fabrics, its HomeKit bridge, the commissioning session, the nearby devices, the
// faults and the event log.

import { STEPS } from "./home-model.js";
import { clock, h } from "./dom.js";
import { closedWindowLine, fabricLines, networkLine, showsCodes } from "./network-node.js";
import { hiddenSetupCodeLine, homeKitFacts, pairingLines, showsSetupCode } from "./homekit-bridge.js";

const qrImage = (payload, what) =>
  h("img", {
    class: "qr", src: `/qr.svg?payload=${encodeURIComponent(payload)}`, width: 168, height: 168,
    alt: `QR code of ${what}: ${payload}`,
  });

const definitions = (pairs) =>
  h("dl", { class: "facts" }, pairs.filter(Boolean).flatMap(([term, value, key]) => [
    h("dt", {}, term), h("dd", { dataset: key ? { fact: key } : {} }, value),
  ]));

const time = (iso) => (iso ? clock(new Date(iso)) : "");

function faultSummary(faults) {
  if (!faults) return "unknown";
  const on = [];
  if (faults.hub_offline) on.push("hub offline");
  if (faults.unreachable_devices.length) on.push(`unreachable: ${faults.unreachable_devices.join(", ")}`);
  if (faults.unresponsive_devices.length) on.push(`unresponsive: ${faults.unresponsive_devices.join(", ")}`);
  for (const [step, mode] of Object.entries(faults.failing_steps)) on.push(`${step} ${mode === "timeout" ? "times out" : "fails"}`);
  if (faults.latency_ms) on.push(`every device ${faults.latency_ms} ms slow`);
  for (const [id, ms] of Object.entries(faults.device_latency_ms)) on.push(`device ${id} ${ms} ms slow`);
  return on.length ? on.join("; ") : "none";
}

export function statusView(model) {
  const status = model.status;
  if (!status) return [h("p", { class: "hint" }, "Waiting for the hub…")];
  return [definitions([
    ["Online", status.online ? "yes" : "no (hub_offline fault)", "online"],
    ["Faults", faultSummary(model.faults ?? status.faults), "faults"],
    ["Advertising", status.advertising?.summary ?? "unknown", "advertising"],
    ["Devices", `${status.nodes} commissioned, ${status.simulated_devices} simulated`],
    ["Rooms", String(status.rooms)],
    ["Timing", status.timing_profile],
    ["Version", `mhub ${status.version}`],
  ])];
}

export function windowView(model, actions) {
  const window = model.window;
  if (!window) return [h("p", { class: "hint" }, "Unknown.")];
  const parts = [];
  if (window.open) {
    parts.push(h("p", { dataset: { fact: "window" } },
      `Open until ${time(window.closes_at)}: ${window.commissioning_mode === 2 ? "enhanced" : "basic"}, `
        + `discriminator ${window.discriminator}.`));
    if (window.opened_by) {
      parts.push(h("p", { class: "hint" }, `Opened over Matter by fabric ${window.opened_by.fabric_index}.`));
    }
    if (window.setup_qr_code) {
      parts.push(h("figure", { class: "code-card" }, qrImage(window.setup_qr_code, "the hub"),
        h("figcaption", {}, "Manual code ", h("code", { dataset: { fact: "window-manual" } },
          window.setup_manual_code), h("br"), h("code", { class: "payload" }, window.setup_qr_code))));
    } else if (!model.admin) {
      parts.push(h("p", { class: "hint" }, "Its codes show with the admin scope."));
    }
    if (model.admin) {
      parts.push(h("button", { type: "button", dataset: { key: "window-close" }, onclick: actions.closeWindow },
        "Close the hub's window"));
    }
  } else {
    const closed = window.close_reason ? ` (last one: ${window.close_reason} at ${time(window.closed_at)})` : "";
    parts.push(h("p", { dataset: { fact: "window" } }, `Closed${closed}.`));
    parts.push(model.admin
      ? h("button", { type: "button", dataset: { key: "window-open" }, onclick: actions.openWindow },
        "Open the hub's window")
      : h("p", { class: "hint" }, "Opening it needs the admin scope."));
  }
  return parts;
}

/** The HomeKit bridge: its facts, the controllers paired, and while unpaired, for an admin, the setup code with the
 * QR code of its setup URI, drawn by the hub as the window's is, for the Home app to scan. */
export function homeKitView(model) {
  const homekit = model.homekit;
  if (!homekit) return [h("p", { class: "hint" }, "Unknown.")];
  const parts = [definitions(homeKitFacts(homekit))];
  if (showsSetupCode(homekit)) {
    parts.push(h("figure", { class: "code-card" }, qrImage(homekit.setup_uri, "the HomeKit bridge"),
      h("figcaption", {}, "Setup code ", h("code", { dataset: { fact: "homekit-setup-code" } }, homekit.setup_code),
        h("br"), h("code", { class: "payload", dataset: { fact: "homekit-setup-uri" } }, homekit.setup_uri),
        h("br"), "Scan it with the Home app: Add Accessory.")));
  }
  const hidden = hiddenSetupCodeLine(homekit, model.admin);
  if (hidden) parts.push(h("p", { class: "hint", dataset: { fact: "homekit-hidden" } }, hidden));
  const lines = pairingLines(homekit);
  if (lines.length > 0) {
    parts.push(h("ul", { class: "pairings", dataset: { fact: "homekit-pairings" } },
      lines.map((line) => h("li", {}, line))));
  }
  return parts;
}

export function fabricsView(model) {
  const fabrics = model.fabrics;
  if (!fabrics) return [h("p", { class: "hint" }, "Unknown.")];
  if (fabrics.fabrics.length === 0) {
    return [h("p", { class: "hint" }, `None yet (room for ${fabrics.supported_fabrics}): a controller adds the hub `
      + "through its window.")];
  }
  return [h("ul", { class: "fabrics" }, fabrics.fabrics.map((fabric) =>
    h("li", {}, `Fabric ${fabric.fabric_index}: vendor 0x${fabric.vendor_id.toString(16).toUpperCase()}, fabric ${fabric.fabric_id}, `
      + `node ${fabric.node_id}${fabric.label ? `, “${fabric.label}”` : ""}${fabric.committed ? "" : " (not committed)"}`))),
  h("p", { class: "hint" }, `${fabrics.sessions.length} secure session(s) open.`)];
}

const stepNames = {
  discovery: "Discovery", pase: "Secure session (PASE)", attestation: "Attestation", csr: "Certificate signing",
  noc: "Operational credentials", network_setup: "Network set-up", operational_discovery: "Operational discovery",
  commissioned: "Commissioned",
};

export function sessionView(model, actions, outcome) {
  const parts = [];
  const session = model.session;
  if (session) {
    parts.push(definitions([
      ["Session", `${session.session_id} (${session.implicit ? "implicit" : "prepared"})`, "session-id"],
      ["State", model.sessionIsOpen ? session.state : `${session.change}`, "session-state"],
      ["Held by", session.owner],
      ["Fail-safe", `until ${time(session.deadline)}`],
      session.device_name ? ["Name", session.device_name] : null,
    ]));
    parts.push(h("ol", { class: "steps" }, STEPS.map((step) => {
      const progress = model.steps.get(step);
      const state = progress?.status ?? "waiting";
      const label = { waiting: "waiting", started: "running", completed: "done", failed: "failed" }[state] ?? state;
      return h("li", { class: `step ${state}`, dataset: { step } },
        h("span", { class: "step-name" }, stepNames[step]), " ",
        h("span", { class: "step-state" }, label), progress?.details ? h("span", { class: "hint" }, ` ${progress.details}`)
          : null);
    })));
    if (model.sessionIsOpen) {
      parts.push(h("button", { type: "button", dataset: { key: "session-cancel" }, onclick: actions.cancelSession },
        "Cancel the session"));
    }
  } else {
    parts.push(h("p", { class: "hint" }, "No session open. Commission a nearby device to start one."));
  }
  if (outcome) parts.push(h("p", { class: "outcome", dataset: { fact: "outcome" } }, outcome));
  return parts;
}

/** What network a device joins at network_setup, as people name it. */
const networkNames = { wifi: "Wi-Fi", thread: "Thread", ethernet: "Ethernet" };

export function nearbyView(model, actions) {
  const waiting = model.simulated.filter((device) => device.commissionable);
  const placed = model.simulated.filter((device) => !device.commissionable);
  const parts = [];
  if (waiting.length === 0) parts.push(h("p", { class: "hint" }, "No device is waiting."));
  parts.push(h("ul", { class: "nearby" }, waiting.map((device) => {
    const title = model.templates.get(device.template)?.title ?? device.template;
    const codes = showsCodes(device);
    return h("li", { class: "code-card", dataset: { simulated: String(device.simulated_device_id) } },
      codes ? qrImage(device.qr_code, device.name) : null,
      h("div", {},
        h("strong", {}, device.name),
        h("p", { class: "kind" }, title, device.network ? `, on ${networkNames[device.network] ?? device.network}` : ""),
        networkNodeView(device),
        codes ? h("p", {}, "Manual code ", h("code", {}, device.manual_code_grouped)) : null,
        codes ? h("p", { class: "hint" }, `Discriminator ${device.discriminator}, passcode ${device.passcode}`,
          device.reachable ? "" : ", unreachable") : null,
        h("button", {
          type: "button", dataset: { key: `commission-${device.simulated_device_id}` },
          disabled: model.sessionIsOpen, onclick: () => actions.commission(device),
        }, `Commission ${device.name}`),
        model.admin ? h("button", {
          type: "button", class: "quiet", dataset: { key: `remove-${device.simulated_device_id}` },
          onclick: () => actions.removeSimulated(device),
        }, `Remove ${device.name}`) : null));
  })));
  if (placed.length > 0) {
    parts.push(h("p", { class: "hint" }, "On the fabric: ",
      placed.map((device) => `${device.name} (node ${device.node_id}`
        + `${device.matter_node ? `, ${networkLine(device)}` : ""})`).join(", "), "."));
  }
  return parts;
}

/** A device on the network: where its own node listens, why its window is closed, and its fabrics. */
function networkNodeView(device) {
  const line = networkLine(device);
  if (!line) return null;
  const fabrics = fabricLines(device);
  return h("div", { class: "network-node", dataset: { network: String(device.simulated_device_id) } },
    h("p", { class: "kind" }, line),
    closedWindowLine(device) ? h("p", { class: "hint" }, closedWindowLine(device)) : null,
    fabrics.length ? h("ul", { class: "fabrics" }, fabrics.map((text) => h("li", {}, text))) : null);
}

export function faultsView(model, actions, choice) {
  const faults = model.faults;
  if (!faults) return [h("p", { class: "hint" }, "Unknown.")];
  const summary = h("p", { dataset: { fact: "faults" } }, `On: ${faultSummary(faults)}.`);
  if (!model.admin) {
    return [summary, h("p", { class: "hint" }, "Switching faults needs the admin scope: unlock it with the hub's "
      + "admin token above.")];
  }
  const checkbox = (key, label, checked, onchange) =>
    h("label", { class: "check" }, h("input", { type: "checkbox", checked, dataset: { key },
      onchange: (event) => onchange(event.target.checked) }), label);
  const devices = model.simulated.map((device) =>
    h("fieldset", { class: "device-faults" }, h("legend", {}, device.name),
      checkbox(`fault-unreachable-${device.simulated_device_id}`, "unreachable",
        faults.unreachable_devices.includes(device.simulated_device_id),
        (on) => actions.setFault({ fault: "device_unreachable", simulated_device_id: device.simulated_device_id,
          enabled: on })),
      checkbox(`fault-unresponsive-${device.simulated_device_id}`, "unresponsive",
        faults.unresponsive_devices.includes(device.simulated_device_id),
        (on) => actions.setFault({ fault: "device_unresponsive", simulated_device_id: device.simulated_device_id,
          enabled: on }))));
  const stepSelect = h("select", {
    id: "fault-step", dataset: { key: "fault-step" }, onchange: (event) => { choice.step = event.target.value; },
  }, STEPS.slice(0, -1).map((step) => h("option", { value: step, selected: step === choice.step }, stepNames[step])));
  const modeSelect = h("select", {
    id: "fault-mode", dataset: { key: "fault-mode" }, onchange: (event) => { choice.mode = event.target.value; },
  }, [["fail", "fails"], ["timeout", "times out"]].map(([value, text]) =>
    h("option", { value, selected: value === choice.mode }, text)));
  const latency = h("input", { id: "fault-latency", type: "number", min: 0, max: 600000, step: 100,
    value: faults.latency_ms, dataset: { key: "fault-latency" } });
  return [
    summary,
    checkbox("fault-hub-offline", "Hub offline", faults.hub_offline,
      (on) => actions.setFault({ fault: "hub_offline", enabled: on })),
    h("form", { class: "inline-form", onsubmit: (event) => {
      event.preventDefault();
      actions.setFault({ fault: "step_failure", step: stepSelect.value, mode: modeSelect.value });
    } },
    h("label", { for: "fault-step" }, "Step"), stepSelect, h("label", { for: "fault-mode" }, "Then it"), modeSelect,
    h("button", { type: "submit", dataset: { key: "fault-step-set" } }, "Break this step")),
    Object.keys(faults.failing_steps).map((step) =>
      h("button", { type: "button", class: "quiet", dataset: { key: `fault-step-clear-${step}` },
        onclick: () => actions.setFault({ fault: "step_failure", step, enabled: false }) },
      `Mend ${stepNames[step] ?? step}`)),
    h("form", { class: "inline-form", onsubmit: (event) => {
      event.preventDefault();
      actions.setFault({ fault: "slow_device", latency_ms: Number(latency.value) });
    } },
    h("label", { for: "fault-latency" }, "Every device's latency (ms)"), latency,
    h("button", { type: "submit", dataset: { key: "fault-latency-set" } }, "Set latency")),
    devices.length ? h("div", { class: "device-fault-list" }, devices) : null,
    h("button", { type: "button", dataset: { key: "faults-clear" }, onclick: actions.clearFaults },
      "Clear every fault"),
  ];
}

/** One line per event, newest first. */
export function logView(model) {
  if (model.events.length === 0) return [h("li", { class: "hint" }, "Nothing yet: events show here as they happen.")];
  return model.events.map((event) => h("li", {},
    h("time", { datetime: event.at.toISOString() }, clock(event.at)), " ",
    h("code", {}, event.name), " ", describe(event.name, event.data)));
}

function describe(name, data) {
  switch (name) {
    case "attribute_updated": return `node ${data[0]} ${data[1]} = ${JSON.stringify(data[2])}`;
    case "commissioning_progress":
      return `${data.step} ${data.status}${data.details ? `: ${data.details}` : ""}`;
    case "session_updated": return `${data.session_id} ${data.change}`;
    case "node_added": case "node_updated": return `node ${data.node_id}${data.available ? "" : " (unavailable)"}`;
    case "node_removed": return `node ${data}`;
    case "node_event":
      return `node ${data.node_id} ${data.endpoint_id}/${data.cluster_id} event ${data.event_id} #${data.event_number}`;
    case "device_updated": return `node ${data.node_id} “${data.name}”`;
    case "room_updated": case "structure_updated": return `“${data.name}”`;
    case "simulated_device_added": return `“${data.name}”`;
    case "faults_updated": return faultSummary(data);
    case "commissioning_window_updated": return data.open ? "open" : `closed (${data.close_reason ?? ""})`;
    case "homekit_updated":
      return `${data.paired ? `paired (${data.pairings.length})` : "unpaired"}, c# ${data.configuration_number}`;
    default: {
      const text = data === null || data === undefined ? "" : JSON.stringify(data);
      return text.length > 120 ? `${text.slice(0, 117)}…` : text;
    }
  }
}
