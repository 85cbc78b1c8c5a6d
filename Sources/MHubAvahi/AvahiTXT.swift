internal import CAvahi
import MHubDNSSD

/// TXT entries as an `AvahiStringList`, and Avahi's own helpers the tests compare against.
enum AvahiTXT {
    /// The entries as a string list that goes on the wire in their order; free it with `avahi_string_list_free`.
    ///
    /// `avahi_string_list_add_pair_arbitrary` keeps binary values intact and, unlike the variadic
    /// `avahi_string_list_new`, is callable from Swift. It prepends, and the TXT record is written from the
    /// list's tail (avahi-publish's `a=1 b=2` arrive as `a=1 b=2` in python-zeroconf's raw TXT), so adding
    /// the entries in order keeps their order. A NULL value would drop the `=`, so an empty value passes a
    /// pointer to no bytes.
    static func stringList(_ entries: [DNSSDTXTEntry]) -> UnsafeMutablePointer<AvahiStringList>? {
        var list: UnsafeMutablePointer<AvahiStringList>?
        let empty: [UInt8] = [0]
        for entry in entries {
            let value = entry.value.isEmpty ? empty : entry.value
            list = value.withUnsafeBufferPointer {
                avahi_string_list_add_pair_arbitrary(list, entry.key, $0.baseAddress, entry.value.count)
            }
        }
        return list
    }

    static func free(_ list: UnsafeMutablePointer<AvahiStringList>?) {
        avahi_string_list_free(list)
    }

    /// The strings of a list, head first (the last one added first).
    static func strings(_ list: UnsafeMutablePointer<AvahiStringList>?) -> [[UInt8]] {
        var strings: [[UInt8]] = []
        var item = list
        while let current = item {
            let size = current.pointee.size
            let text = withUnsafePointer(to: &current.pointee.text) {
                $0.withMemoryRebound(to: UInt8.self, capacity: size) {
                    Array(UnsafeBufferPointer(start: $0, count: size))
                }
            }
            strings.append(text)
            item = current.pointee.next
        }
        return strings
    }

    /// libavahi-common's own `avahi_alternative_service_name`, for checking `AvahiServiceName` against it.
    ///
    /// Avahi asserts on invalid names, so those (empty, 64 bytes or more) get `nil` without asking it.
    static func libraryAlternativeServiceName(_ name: String) -> String? {
        guard !name.isEmpty, name.utf8.count < 64 else { return nil }
        guard let alternative = avahi_alternative_service_name(name) else { return nil }
        defer { avahi_free(alternative) }
        return String(cString: alternative)
    }
}
