import Testing

@testable import Routing

/// The records a link's reading reads are half a cache line each, as
/// Docs/Performance.md ("Deep links") and their declarations say.
@Suite struct LinkRecordLayoutTests {
  @Test func trieNodesAndLinkScreensTakeHalfACacheLine() {
    #expect(MemoryLayout<TrieNode>.stride == 32)
    #expect(MemoryLayout<LinkScreen>.stride == 32)
  }
}
