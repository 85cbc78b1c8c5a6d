extension Hub {
    /// The daemon reloaded its configuration: each setting that differs between `old` and `new` takes
    /// its new value, and the rest stay as they are, so a timing profile chosen over the control socket
    /// (`set_timing_profile`) survives a reload that does not touch it.
    ///
    /// An open session keeps its fail-safe deadline, and a running commissioning the profile it began with; new app
    /// group rules apply to the next call that names an app group.
    /// Declared simulated devices are created by the next `reset`.
    public mutating func settingsReloaded(from old: HubSettings, to new: HubSettings) {
        if new.hubName != old.hubName { settings.hubName = new.hubName }
        if new.profile != old.profile { settings.profile = new.profile }
        if new.sessionTimeout != old.sessionTimeout { settings.sessionTimeout = new.sessionTimeout }
        if new.disconnectGrace != old.disconnectGrace { settings.disconnectGrace = new.disconnectGrace }
        if new.declaredDevices != old.declaredDevices { settings.declaredDevices = new.declaredDevices }
        if new.appGroups != old.appGroups { settings.appGroups = new.appGroups }
        if new.devicesOnNetwork != old.devicesOnNetwork { settings.devicesOnNetwork = new.devicesOnNetwork }
        if new.maximumNetworkDevices != old.maximumNetworkDevices {
            settings.maximumNetworkDevices = new.maximumNetworkDevices
        }
    }
}
