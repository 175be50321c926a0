import Testing

@testable import Routing

/// The records a link's reading reads are half a cache line each, as
/// Docs/Performance.md ("Deep links") and their declarations say.
@Suite struct LinkRecordLayoutTests {
  @Test func trieNodesAndLinkScreensTakeHalfACacheLine() {
    #expect(MemoryLayout<TrieNode>.stride == 32)
    #expect(MemoryLayout<LinkScreen>.stride == 32)
  }

  @Test func theFilterHasNoBitItsHashesCannotPick() {
    let last = LinkIndex.maximumFilterBits - 1
    #expect(LinkIndex.filterBit(of: ~0, mask: .max) == last)
    #expect(LinkIndex.filterBit(of: ~0, mask: last) == last)
  }
}
