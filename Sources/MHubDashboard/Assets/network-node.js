// A simulated device on the network: its own Matter node, as get_simulated_devices' matter_node describes it (where
// it listens, its commissioning window, the fabrics it is on). Text only, so that Node tests it without a page; the
// nearby panel (panels-view.js) draws it.

/** Whether the device's codes are shown: while it is commissionable, and for a device on the network while its own
 * node's window is open. */
export function showsCodes(device) {
  return device.matter_node ? device.matter_node.commissioning_window_open : device.commissionable;
}

/** "on the network · UDP port 5541", or why its node does not listen; null for a device not on the network. */
export function networkLine(device) {
  const node = device.matter_node;
  if (!node) return null;
  if (node.port === null || node.port === undefined) {
    return `on the network · ${node.problem ?? "not listening yet"}`;
  }
  return `on the network · UDP port ${node.port}`;
}

/** Why its own window is closed ("Window closed: it is on a fabric."); null while it is open or off the network. */
export function closedWindowLine(device) {
  const node = device.matter_node;
  if (!node || node.commissioning_window_open) return null;
  if (node.problem) return `Window closed: ${node.problem}.`;
  if (node.port === null || node.port === undefined) return null;
  const fabrics = node.fabrics.filter((fabric) => fabric.committed).length;
  if (fabrics === 0) return "Window closed.";
  return `Window closed: it is on ${fabrics === 1 ? "a fabric" : `${fabrics} fabrics`}.`;
}

/** Its fabrics, one line each: "Fabric 1: vendor 0xFFF1, “Kitchen hub”". */
export function fabricLines(device) {
  return (device.matter_node?.fabrics ?? []).map((fabric) =>
    `Fabric ${fabric.fabric_index}: vendor 0x${fabric.vendor_id.toString(16).toUpperCase().padStart(4, "0")}`
      + `${fabric.label ? `, “${fabric.label}”` : ""}${fabric.committed ? "" : " (under the fail-safe)"}`);
}
