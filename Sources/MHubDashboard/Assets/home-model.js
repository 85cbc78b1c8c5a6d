// What the page knows about the hub, kept up to date from replies and events (docs/protocol.md §13). No DOM here.

/** The commissioning steps in order (docs/protocol.md §7). */
export const STEPS = [
  "discovery", "pase", "attestation", "csr", "noc", "network_setup", "operational_discovery", "commissioned",
];

/** Session changes after which the session is over. */
const ENDED = new Set(["completed", "cancelled", "expired", "reset", "shutdown"]);

export class HomeModel {
  constructor() {
    this.clear();
  }

  clear() {
    this.info = null;
    this.admin = false;
    this.status = null;
    this.structures = [];
    /** room_id → room */
    this.rooms = new Map();
    /** node_id → get_devices entry */
    this.devices = new Map();
    /** node_id → {available, attributes} */
    this.nodes = new Map();
    this.simulated = [];
    this.templates = new Map();
    this.session = null;
    /** The current session's steps: step → {status, details}. */
    this.steps = new Map();
    this.faults = null;
    this.window = null;
    this.fabrics = null;
    /** get_homekit: the HomeKit bridge (its setup code only with admin). */
    this.homekit = null;
    this.events = [];
  }

  setNodes(nodes) {
    this.nodes = new Map(nodes.map((node) => [node.node_id, { available: node.available, attributes: node.attributes }]));
  }

  setDevices(devices) {
    this.devices = new Map(devices.map((device) => [device.node_id, device]));
  }

  setRooms(rooms) {
    for (const room of rooms) this.rooms.set(room.room_id, room);
  }

  setSession(session) {
    if (session?.session_id !== this.session?.session_id) this.steps = new Map();
    this.session = session;
  }

  /** The node's attribute at "endpoint/cluster/attribute". */
  attribute(nodeID, path) {
    return this.nodes.get(nodeID)?.attributes?.[path];
  }

  /** The newest `node_event` of the node's cluster still in the log, or undefined. */
  lastNodeEvent(nodeID, clusterID) {
    return this.events.find(({ name, data }) =>
      name === "node_event" && data.node_id === nodeID && data.cluster_id === clusterID)?.data;
  }

  roomsOf(structureID) {
    return [...this.rooms.values()].filter((room) => room.structure_id === structureID)
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  devicesIn(structureID, roomID) {
    return [...this.devices.values()]
      .filter((device) => device.structure_id === structureID && (device.room_id ?? null) === roomID)
      .sort((a, b) => a.node_id - b.node_id);
  }

  get sessionIsOpen() {
    return this.session !== null && !ENDED.has(this.session.change);
  }

  /**
   * Applies one event; returns the names of the lists to fetch again because the event does not carry them
   * ("devices", "simulated", "status", "window", "fabrics", "homekit", "everything").
   */
  apply(name, data) {
    this.events.unshift({ at: new Date(), name, data });
    this.events.length = Math.min(this.events.length, 100);
    switch (name) {
      case "attribute_updated": {
        const [nodeID, path, value] = data;
        const node = this.nodes.get(nodeID);
        if (node) node.attributes[path] = value;
        return [];
      }
      case "node_added":
      case "node_updated":
        this.nodes.set(data.node_id, { available: data.available, attributes: data.attributes });
        return name === "node_added" ? ["devices", "simulated", "status"] : [];
      case "node_removed":
        this.nodes.delete(data);
        this.devices.delete(data);
        return ["simulated", "status"];
      case "device_updated":
        this.devices.set(data.node_id, data);
        return [];
      case "room_updated":
        this.rooms.set(data.room_id, data);
        return [];
      case "room_removed":
        this.rooms.delete(data.room_id);
        return ["devices"];
      case "structure_updated": {
        const others = this.structures.filter((structure) => structure.structure_id !== data.structure_id);
        this.structures = [...others, data].sort((a, b) => a.structure_id - b.structure_id);
        return [];
      }
      case "structure_removed":
        this.structures = this.structures.filter((structure) => structure.structure_id !== data.structure_id);
        for (const [id, room] of this.rooms) if (room.structure_id === data.structure_id) this.rooms.delete(id);
        return ["devices"];
      case "simulated_device_added":
      case "simulated_device_updated":
        this.simulated = [...this.simulated.filter((d) => d.simulated_device_id !== data.simulated_device_id), data]
          .sort((a, b) => a.simulated_device_id - b.simulated_device_id);
        return name === "simulated_device_added" ? ["status"] : [];
      case "simulated_device_removed":
        this.simulated = this.simulated.filter((d) => d.simulated_device_id !== data.simulated_device_id);
        return ["status"];
      case "session_updated":
        this.setSession(data);
        return ["simulated", "status"];
      case "commissioning_progress":
        if (data.session_id === this.session?.session_id || this.session === null) {
          this.steps.set(data.step, { status: data.status, details: data.details ?? null });
        }
        return [];
      case "faults_updated":
        this.faults = data;
        return ["status"];
      case "commissioning_window_updated":
        this.window = data;
        return ["window", "status"];
      case "homekit_updated":
        // Without the setup code and URI: an admin's page asks get_homekit for them again.
        this.homekit = data;
        return ["homekit"];
      case "fabric_added":
      case "fabric_updated":
      case "fabric_removed":
      case "matter_session_opened":
      case "matter_session_closed":
        return ["fabrics"];
      case "hub_reset":
        return ["everything"];
      default:
        return [];
    }
  }
}
