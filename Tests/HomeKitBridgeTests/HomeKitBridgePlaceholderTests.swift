import Testing

// Replaced by the mapping's tests.
