// mhub's home as a HomeKit bridge's accessories: filled in by the HomeKit face's mapping (docs/homekit.md).
