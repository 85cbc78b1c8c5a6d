import MHubDNSSD
import Testing

@testable import MHubAvahi

/// The Swift side of libavahi: TXT string lists and the alternative-name rule, without a daemon.
@Suite struct AvahiTXTTests {
    @Test func stringListKeepsBinaryAndEmptyValues() {
        let entries = [
            DNSSDTXTEntry("sb", [0x00, 0x00, 0x06, 0x31]), DNSSDTXTEntry("empty", [UInt8]()),
            DNSSDTXTEntry("D", "3840"),
        ]
        let list = AvahiTXT.stringList(entries)
        defer { AvahiTXT.free(list) }
        // The list holds the last entry first; the wire gets them in order (checked by the peer tests).
        #expect(AvahiTXT.strings(list) == entries.reversed().map(\.bytes))
        #expect(AvahiTXT.strings(list).contains(Array("empty=".utf8)))
    }

    /// Every name but a counter of `INT_MAX`: Debian 12's avahi 0.8 computes `atoi(e) + 1` there, which
    /// overflows (undefined in C; here "#-2147483648"), while current avahi and `AvahiServiceName` go to 1.
    @Test func alternativeNamesMatchLibavahiCommon() {
        var names = [
            "Name", "Name #2", "Name #9", "Name #0", "Name #02", "Name #", "Name#2", "A #2 #5", "A #5 #x",
            "87E1B004E235A130", "N #2147483646", "N #4294967295", "N #99999999999999999999",
            String(repeating: "a", count: 63), String(repeating: "b", count: 59) + " #99",
            String(repeating: "a", count: 59) + "éé", String(repeating: "c", count: 58) + "日本",
            "OpenThread Border Router #DEF0", "", String(repeating: "a", count: 64),
        ]
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab #0123456789é".unicodeScalars)
        for _ in 0..<500 {
            let length = Int.random(in: 1...66, using: &generator)
            var name = ""
            while name.utf8.count < length {
                name.unicodeScalars.append(alphabet.randomElement(using: &generator)!)
            }
            names.append(name)
        }
        for name in names where !name.hasSuffix(" #2147483647") {
            #expect(AvahiServiceName.alternative(to: name) == AvahiTXT.libraryAlternativeServiceName(name), "\(name)")
        }
    }
}
