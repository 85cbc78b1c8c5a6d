// The dashboard: connects to the hub that served this page, loads its state, keeps it live from events, and runs
// what a person asks for over the same control protocol as every other client (docs/dashboard.md).

import { HubConnection } from "./hub-connection.js";
import { HomeModel } from "./home-model.js";
import { deviceCard, homeView } from "./home-view.js";
import {
  faultsView, fabricsView, homeKitView, logView, nearbyView, sessionView, statusView, windowView,
} from "./panels-view.js";
import { h, replaceKeepingFocus } from "./dom.js";

/** Where the admin token is kept: this tab's session storage, gone when the tab closes. */
const TOKEN_KEY = "mhub.admin-token";
const UNAUTHORIZED = 218;

const $ = (id) => document.getElementById(id);
const model = new HomeModel();
/** node_id → the last message of an action on it. */
const messages = new Map();
let outcome = "";
let connected = false;
/** Set while a connection without the token checks whether the token or the hub failed. */
let probingWithoutToken = false;
let reconnectDelay = 500;
let statusTimer = null;
let commissioningDevice = null;
/** Set when the page closes its own connection to open one with another token. */
let switchingToken = false;

const hub = new HubConnection({ onOpen, onClose, onServerInfo, onEvent });

function connect(withToken = true) {
  const token = withToken ? sessionStorage.getItem(TOKEN_KEY) : null;
  setConnection("Connecting to the hub…");
  try {
    hub.connect(token);
  } catch (error) {
    // A token with characters a subprotocol cannot carry (RFC 6455 §4.1): the browser refuses to send it.
    sessionStorage.removeItem(TOKEN_KEY);
    notice(`This browser cannot send that token (${error.message}); tokens for the page use letters, digits and `
      + "-._~ only.");
    hub.connect(null);
  }
}

function onOpen() {
  connected = true;
  reconnectDelay = 500;
  if (probingWithoutToken) {
    probingWithoutToken = false;
    sessionStorage.removeItem(TOKEN_KEY);
    notice("The hub did not accept the admin token, so the page forgot it and goes on without admin.");
  }
  load().catch((error) => notice(`Could not load the hub's state: ${error.message}`));
  clearInterval(statusTimer);
  // What a device's own node does (its port, window, fabrics) comes as simulated_device_updated.
  statusTimer = setInterval(() => refresh(["status"]).catch(() => {}), 5000);
}

function onClose({ opened, token }) {
  connected = false;
  clearInterval(statusTimer);
  if (!opened && token && !probingWithoutToken) {
    // Refused before it opened: the token (401), or is the hub away? A try without the token tells.
    probingWithoutToken = true;
    connect(false);
    return;
  }
  probingWithoutToken = false;
  if (switchingToken) {
    switchingToken = false;
    connect();
    return;
  }
  setConnection(opened ? "The hub closed the connection; reconnecting…"
    : "Cannot reach the hub (or it refused this page's origin); retrying…");
  renderHeader();
  setTimeout(() => connect(), reconnectDelay);
  reconnectDelay = Math.min(reconnectDelay * 2, 8000);
}

function onServerInfo(info) {
  model.info = info;
  renderHeader();
}

const pendingRefresh = new Set();
let refreshScheduled = false;

/** The panels an event changes (beside the log). */
const PANELS_OF_EVENT = {
  node_added: ["home", "nearby"], node_updated: ["home"], node_removed: ["home", "nearby"],
  device_updated: ["home"], room_updated: ["home"], room_removed: ["home"], structure_updated: ["home"],
  simulated_device_added: ["nearby", "faults"], simulated_device_removed: ["nearby", "faults"],
  simulated_device_updated: ["nearby"],
  session_updated: ["session", "nearby"], commissioning_progress: ["session"],
  faults_updated: ["faults", "status"], commissioning_window_updated: ["window", "status"],
  homekit_updated: ["homekit"],
};

/** The panels that show what a refresh fetched. */
const PANELS_OF_LIST = {
  status: ["status"], templates: ["nearby"], structures: ["home"], devices: ["home"],
  simulated: ["nearby", "faults"], session: ["session", "nearby"], faults: ["faults", "status"],
  window: ["window"], fabrics: ["fabrics"], homekit: ["homekit"],
};

function onEvent(name, data) {
  const needed = model.apply(name, data);
  if (name === "attribute_updated") {
    renderDevice(data[0]);
  } else if (name === "node_event") {
    renderDevice(data.node_id);
  } else {
    render(PANELS_OF_EVENT[name] ?? []);
  }
  renderLog();
  for (const what of needed) pendingRefresh.add(what);
  if (pendingRefresh.size > 0 && !refreshScheduled) {
    refreshScheduled = true;
    setTimeout(() => {
      refreshScheduled = false;
      const what = [...pendingRefresh];
      pendingRefresh.clear();
      refresh(what).catch(() => {});
    }, 50);
  }
}

/** Everything, from scratch: what a client that connects must read before any change (docs/protocol.md §5). */
async function load() {
  const { info, events } = model;
  model.clear();
  model.info = info;
  model.events = events;
  model.admin = await hub.call("get_permissions").then(() => true, (error) => {
    if (error.code === UNAUTHORIZED) return false;
    throw error;
  });
  model.setNodes(await hub.call("start_listening", { events: "all" }));
  await refresh(["templates", "structures", "devices", "simulated", "session", "faults", "window", "fabrics", "homekit",
    "status"]);
  render([...Object.keys(PANELS)]);
}

async function refresh(what) {
  if (what.includes("everything")) return load();
  const jobs = what.map(async (name) => {
    switch (name) {
      case "status": model.status = await hub.call("get_status"); break;
      case "templates":
        model.templates = new Map((await hub.call("get_templates")).map((template) => [template.key, template]));
        break;
      case "structures": {
        model.structures = await hub.call("get_structures");
        for (const structure of model.structures) {
          model.setRooms(await hub.call("get_rooms", { structure_id: structure.structure_id }));
        }
        break;
      }
      case "devices": model.setDevices(await hub.call("get_devices")); break;
      case "simulated": model.simulated = await hub.call("get_simulated_devices"); break;
      case "session": model.setSession(await hub.call("get_session")); break;
      case "faults": model.faults = await hub.call("get_faults"); break;
      case "window": model.window = await hub.call("get_commissioning_window"); break;
      case "fabrics": model.fabrics = await hub.call("get_fabrics"); break;
      case "homekit": model.homekit = await hub.call("get_homekit"); break;
      default: break;
    }
  });
  await Promise.all(jobs);
  render(what.flatMap((name) => PANELS_OF_LIST[name] ?? []));
}

// Actions: each is one or more requests; errors go to the device's message line or the notice.

const actions = {
  async control(nodeID, control, value) {
    const get = (path) => model.attribute(nodeID, path);
    const chosen = document.querySelector("input[name=act-as]:checked")?.value === "physical";
    // One request or several, in order; a request may say who makes it whatever the page acts as.
    const requests = [control.act(get, value, chosen)].flat();
    const physical = requests[0].physical ?? chosen;
    messages.set(nodeID, "…");
    renderDevice(nodeID);
    try {
      for (const request of requests) await hub.call(request.command, { node_id: nodeID, ...request.args });
      messages.set(nodeID, physical ? "Done, as someone at the device." : "Done, as a controller.");
    } catch (error) {
      messages.set(nodeID, error.message);
    }
    renderDevice(nodeID);
  },
  commission(device) {
    openCommissionDialog(device);
  },
  async cancelSession() {
    await run(() => hub.call("cancel_commissioning"));
  },
  async openWindow() {
    const result = await run(() => hub.call("open_commissioning_window", { timeout: 300 }));
    if (result) model.window = result;
    render(["window"]);
  },
  async closeWindow() {
    await run(() => hub.call("close_commissioning_window"));
  },
  async setFault(args) {
    await run(() => hub.call("set_fault", args));
  },
  async clearFaults() {
    await run(() => hub.call("clear_faults"));
  },
  async removeSimulated(device) {
    await run(() => hub.call("remove_simulated_device", { simulated_device_id: device.simulated_device_id }));
  },
};

/** Runs a request, showing its error as the notice; its result, or undefined. */
async function run(request) {
  try {
    return await request();
  } catch (error) {
    notice(error.message);
    return undefined;
  }
}

// Commissioning from the page: the Google Home APIs flow, step by step (docs/protocol.md §7).

function openCommissionDialog(device) {
  commissioningDevice = device;
  const structure = model.structures[0];
  $("commission-title").textContent = `Commission ${device.name}`;
  $("commission-code").textContent = `With its code ${device.qr_code} (manual ${device.manual_code_grouped}).`;
  $("commission-name").value = device.name;
  const rooms = structure ? model.roomsOf(structure.structure_id) : [];
  $("commission-room").replaceChildren(
    ...rooms.map((room) => h("option", { value: String(room.room_id) }, room.name)),
    h("option", { value: "new" }, "A new room…"), h("option", { value: "" }, "No room"));
  $("commission-new-room").value = "";
  syncNewRoom();
  $("commission-dialog").showModal();
  $("commission-name").focus();
}

function syncNewRoom() {
  const isNew = $("commission-room").value === "new";
  $("commission-new-room").disabled = !isNew;
  $("commission-new-room").required = isNew;
}

async function commissionFromPage(device, name, roomChoice, newRoomName) {
  const structureID = model.structures[0]?.structure_id;
  let prepared = false;
  outcome = `Commissioning ${device.name}…`;
  render(["session"]);
  try {
    let roomID = roomChoice === "" ? null : Number(roomChoice);
    if (roomChoice === "new") {
      roomID = (await hub.call("create_room", { name: newRoomName, structure_id: structureID })).room_id;
    }
    await hub.call("prepare_commissioning", { structure_id: structureID });
    prepared = true;
    await hub.call("commission_with_code", { code: device.qr_code });
    await hub.call("configure_device", roomID === null ? { name } : { name, room_id: roomID });
    const done = await hub.call("complete_commissioning");
    const room = roomID === null ? "no room" : model.rooms.get(roomID)?.name ?? `room ${roomID}`;
    outcome = `${name} is commissioned: node ${done.node_ids.join(", ")}, in ${room}.`;
  } catch (error) {
    outcome = `Commissioning ${device.name} failed: ${error.message}`;
    if (prepared) await hub.call("cancel_commissioning").catch(() => {});
  }
  render(["session"]);
}

// Rendering.

function setConnection(text) {
  $("connection").textContent = text;
}

let noticeTimer = null;
function notice(text) {
  const element = $("notice");
  element.textContent = text;
  element.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => {
    element.hidden = true;
  }, 10000);
}

function renderHeader() {
  $("hub-name").textContent = model.info?.hub_name ?? "mhub";
  document.title = `${model.info?.hub_name ?? "mhub"} · mhub`;
  const hasToken = sessionStorage.getItem(TOKEN_KEY) !== null;
  if (connected) {
    setConnection(model.admin ? "Connected, with the admin scope." : "Connected, without admin (the hub's "
      + "loopback scope or a token's).");
  }
  $("token-form").hidden = hasToken && model.admin;
  $("forget-token").hidden = !hasToken;
}

/** How each panel is drawn; a panel is drawn again only when what it shows changed. */
const PANELS = {
  header: renderHeader,
  status: () => replaceKeepingFocus($("status-body"), statusView(model)),
  window: () => replaceKeepingFocus($("window-body"), windowView(model, actions)),
  fabrics: () => replaceKeepingFocus($("fabrics-body"), fabricsView(model)),
  homekit: () => replaceKeepingFocus($("homekit-body"), homeKitView(model)),
  home: () => replaceKeepingFocus($("home-body"), homeView(model, actions, messages)),
  session: () => replaceKeepingFocus($("session-body"), sessionView(model, actions, outcome)),
  nearby: () => {
    replaceKeepingFocus($("nearby-body"), nearbyView(model, actions));
    renderAddForm();
  },
  faults: () => replaceKeepingFocus($("faults-body"), faultsView(model, actions, faultChoice)),
};

function render(names) {
  for (const name of new Set(names)) PANELS[name]();
}

/** The step-failure form's choice, kept across redraws of the faults panel. */
const faultChoice = { step: "discovery", mode: "fail" };

function renderAddForm() {
  const form = $("add-simulated");
  form.hidden = !model.admin;
  const select = $("add-template");
  if (select.options.length !== model.templates.size) {
    select.replaceChildren(...[...model.templates.values()].map((template) =>
      h("option", { value: template.key }, template.title)));
  }
}

/** One device's card again, after its state or message changed; the rest of the page stays. */
function renderDevice(nodeID) {
  const old = document.querySelector(`article[data-node="${nodeID}"]`);
  const device = model.devices.get(nodeID);
  if (!old || !device) return;
  const focused = old.contains(document.activeElement) ? document.activeElement.dataset.key : undefined;
  // A slider being dragged keeps its position until it is let go.
  if (focused && document.activeElement.type === "range" && dragging) return;
  const card = deviceCard(device, model, actions, messages);
  old.replaceWith(card);
  if (focused) card.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus({ preventScroll: true });
}

let dragging = false;
document.addEventListener("pointerdown", (event) => {
  dragging = event.target instanceof HTMLInputElement && event.target.type === "range";
});
document.addEventListener("pointerup", () => {
  dragging = false;
});

function renderLog() {
  replaceKeepingFocus($("events"), logView(model));
}

// Wiring.

$("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const token = $("token").value.trim();
  if (!token) return;
  sessionStorage.setItem(TOKEN_KEY, token);
  $("token").value = "";
  reconnect();
});
$("forget-token").addEventListener("click", () => {
  sessionStorage.removeItem(TOKEN_KEY);
  reconnect();
});

/** Connects again at once, with the token as it is now. */
function reconnect() {
  if (hub.isOpen) {
    switchingToken = true;
    hub.close();
  } else {
    connect();
  }
}
$("commission-room").addEventListener("change", syncNewRoom);
$("commission-cancel").addEventListener("click", () => $("commission-dialog").close());
$("commission-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const device = commissioningDevice;
  $("commission-dialog").close();
  if (device) {
    commissionFromPage(device, $("commission-name").value.trim(), $("commission-room").value,
      $("commission-new-room").value.trim());
  }
});
$("add-simulated").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = $("add-name").value.trim();
  const onNetwork = $("add-on-network").checked;
  const args = { template: $("add-template").value, ...(name ? { name } : {}), ...(onNetwork ? { on_network: true } : {}) };
  if (await run(() => hub.call("add_simulated_device", args))) $("add-name").value = "";
});

connect();
