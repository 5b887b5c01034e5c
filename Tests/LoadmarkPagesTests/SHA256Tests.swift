import Testing

@testable import LoadmarkPages

/// SHA-256 against the NIST vectors, and Base64 against RFC 4648.
struct SHA256Tests {
  /// Lower-case hex of `bytes`.
  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  /// The bytes of a hex string.
  static func bytes(_ hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
  }

  // FIPS 180-4's examples (NIST's "Examples with intermediate values").

  @Test func oneBlockMessageABC() {
    #expect(Self.hex(SHA256.digest("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test func emptyMessage() {
    #expect(Self.hex(SHA256.digest("")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  @Test func twoBlockMessageOf448Bits() {
    let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    #expect(message.utf8.count * 8 == 448)
    #expect(Self.hex(SHA256.digest(message)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test func messageOf896Bits() {
    let message = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
    #expect(message.utf8.count * 8 == 896)
    #expect(Self.hex(SHA256.digest(message)) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
  }

  @Test func oneMillionTimesA() {
    let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(Self.hex(SHA256.digest(message)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Byte-oriented messages from NIST's SHA-256 validation system
  /// (SHA256ShortMsg.rsp, Len = 8, 16 and 32).
  @Test(arguments: [
    ("d3", "28969cdfa74a12c82f3bad960b0b000aca2ac329deea5c2328ebc6f2ba9802c1"),
    ("11af", "5ca7133fa735326081558ac312c620eeca9970d1e70a4b95533d956f072d1f98"),
    ("74ba2521", "b16aa56be3880d18cd41e68384cf1ec8c17680c45a02b1575dc1518923ae8b0e"),
  ])
  func shortMessages(_ message: String, _ digest: String) {
    #expect(Self.hex(SHA256.digest(Self.bytes(message))) == digest)
  }

  /// Lengths where the padding moves to a second block (55 and 56 bytes)
  /// and around block ends, as `'sha256-…'` sources; the expected values
  /// are `head -c N /dev/zero | tr '\0' x | sha256sum`, in Base64.
  @Test(arguments: [
    (55, "1eKFaDzU78AtAhpcYgFGlJWJAQBdb3HongmJ+sd+QHI="),
    (56, "BMJiYTcO51QVSdFt7jIMcj4/0UZx5moJmv4KN3wWiI4="),
    (63, "dSILRyGCeOZW8gE7uPDEVaJerwHobGSSTp1I2Jd21vI="),
    (64, "fOEAlx9k5wAej+WlGXPs3+HO1Cvv5+6NX9YhlQa1OTw="),
    (65, "lTfF/fEgSC99WNJentWD9SwCtOME6oFNsWM61WWu1+k="),
    (119, "AAtI1O3w+nvuPGI27NJ4W6pdtO64u1Q0GwKeDZ+l+ww="),
    (120, "E/BaC1lHh/Xs0xXtyWFBvTJDID0bfU8INvNzCLJ2upg="),
  ])
  func lengthsAroundThePaddingBoundaryMatchSha256sum(_ length: Int, _ base64: String) {
    let text = String(repeating: "x", count: length)
    #expect(ContentSecurityPolicy.hashSource(of: text) == "'sha256-\(base64)'")
  }

  @Test func base64MatchesRFC4648() {
    let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
    for (input, expected) in vectors {
      #expect(Base64.encode(Array(input.utf8)) == expected, "\(input)")
    }
  }
}
