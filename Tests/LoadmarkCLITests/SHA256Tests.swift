import Testing

@testable import loadmark

/// SHA-256 against the FIPS 180-4 examples, and Base64 against RFC 4648.
struct SHA256Tests {
  /// Lower-case hex of `bytes`.
  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

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

  @Test func oneMillionTimesA() {
    let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(Self.hex(SHA256.digest(message)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test(arguments: [55, 56, 63, 64, 65, 119, 120])
  func lengthsAroundThePaddingBoundaryMatchSha256sum(_ length: Int) throws {
    // 55 and 56 bytes are where the length stops fitting in the last block.
    let text = String(repeating: "x", count: length)
    #expect(ContentSecurityPolicy.hashSource(of: text) == (try IndependentHash.source(of: text)))
  }

  @Test func base64MatchesRFC4648() {
    let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
    for (input, expected) in vectors {
      #expect(Base64.encode(Array(input.utf8)) == expected, "\(input)")
    }
  }
}
