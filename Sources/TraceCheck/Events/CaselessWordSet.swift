import CTeddy
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a text contains one of a set of words, ignoring ASCII case, without a regex:
/// 32 bytes at a time it looks for a few fingerprints (runs of three adjacent bytes, or two
/// when a word is that short), chosen so that every word holds at least one of them, and only
/// where one occurs compares the words that hold it. It decides the same as the caseless
/// alternation of the words (a test holds it to that), at a fraction of the cost on lines
/// that contain none of them.
package final class CaselessWordSet: Sendable {
    /// Lowercase fingerprints, all of one length (`width`); every word contains at least one.
    package let fingerprints: [[UInt8]]
    /// 3, or 2 when some word is shorter than three bytes.
    package let width: Int
    /// The Teddy bucket (0 to 7) of each fingerprint, in `fingerprints`' order.
    package let teddyBuckets: [Int]
    /// The fingerprints' first, second and third bytes with bit 5 set (a pair's third
    /// repeats its second: the portable search never compares it), spread over a vector where
    /// the portable search compares them. Bytes, not vectors: an array of vectors is a generic
    /// type the runtime builds with a search of every conformance, at every start.
    private let folded: [(first: UInt8, second: UInt8, third: UInt8)]
    /// The pair (`pairKey`: a fingerprint's first two bytes with bit 5 set) of each of
    /// `wordLists`, in order, increasing. The C search finds a pair's words by a table of all
    /// 65,536 pairs (`WordTable`), which only it holds.
    private let pairKeys: [UInt16]
    /// The lowercase words each fingerprint was chosen for, and where in each it occurs.
    private let wordLists: [[(word: [UInt8], offset: Int)]]
    /// The words in the form the C search reads (`tc_word_set`): Teddy's tables, the slots,
    /// and the words of every fingerprint in one flat array, those of `wordLists[g]` in 257
    /// buckets by their byte at one place near the fingerprint (`keyOffset(for:width:)`): the
    /// words that have none there, then those whose byte there is b. A fingerprint's words are
    /// compared only where the text's byte at that place can be one of theirs: `background` is
    /// in many lines of a log, `- background` and `went to background` in far fewer. One
    /// verification serves the vector cursor, the portable search and the quiet batch.
    private let table: WordTable

    /// The kernel `tc_teddy_next_block` runs here (0: the portable search). With it, the
    /// fingerprints as Teddy's nibble tables (`tc_teddy`, eight buckets, in `table`) find
    /// every fingerprint's candidates in a block of 32 bytes at once, where the portable
    /// search compares each fingerprint in turn.
    package let teddyLevel: Int32
    /// The kernel this machine has, asked once.
    private static let machineTeddyLevel = tc_teddy_level()
    /// Every kernel this machine can run, the portable search (0) first: 0, 1, 2 and 3 where
    /// it has AVX-512, for the tests that hold each to the portable search.
    package static var machineTeddyLevels: [Int32] { Array(0...max(0, machineTeddyLevel)) }

    /// Picks fingerprints greedily (`fingerprints(covering:)`), or takes `fingerprints` as
    /// given where every word holds one of them: the built-in vocabulary's are chosen once,
    /// ahead of time (`CompiledCatalog.candidateFingerprints`), not at every start. With them,
    /// `teddyBuckets` (one per fingerprint, each below 8) are taken as given too; otherwise the
    /// fingerprints share the buckets in turn.
    package convenience init(covering words: [String], fingerprints given: [String]? = nil, teddyBuckets givenBuckets: [Int]? = nil) {
        let (lowered, width) = Self.lowered(words)
        let givenBytes = given.map { $0.map { Array($0.lowercased().utf8) } }
        let chosen: [[UInt8]]
        var buckets: [Int]?
        if let givenBytes, givenBytes.allSatisfy({ $0.count == width }),
           lowered.allSatisfy({ word in givenBytes.contains { Self.offset(of: $0, in: word) != nil } }) {
            chosen = givenBytes
            if let givenBuckets, givenBuckets.count == givenBytes.count, givenBuckets.allSatisfy({ (0..<8).contains($0) }) {
                buckets = givenBuckets
            }
        } else {
            chosen = Self.fingerprints(coveringLowered: lowered, width: width)
        }
        self.init(lowered: lowered, width: width, fingerprints: chosen, teddyBuckets: buckets ?? chosen.indices.map { $0 % 8 })
    }

    /// Teddy's bucket for each of `fingerprints` that together mark the fewest places in text
    /// with these counts of byte triples (`tripleCounts(in:without:)`). Fingerprints that share
    /// a bucket mark every mix of their bytes, nibble by nibble (`act` and `flu` in one bucket
    /// also mark `alu` and `fct`), so which share one decides how many places are compared for
    /// nothing. For the candidate fingerprints, on the sample logs and the real captures,
    /// taking turns (0, 1, …, 7, 0, …) marks 4,455 triples of lines that hold none of the
    /// words, the chosen buckets 657. From turns, each fingerprint is moved to the bucket that
    /// marks fewest while any move marks fewer.
    package static func teddyBuckets(for fingerprints: [String], tripleCounts: [UInt32: Int]) -> [Int] {
        let bytes = fingerprints.map { Array($0.lowercased().utf8) }
        var buckets = bytes.indices.map { $0 % 8 }
        var best = marked(bytes, buckets, tripleCounts)
        var improved = true
        while improved {
            improved = false
            for index in buckets.indices {
                for bucket in 0..<8 where bucket != buckets[index] {
                    let old = buckets[index]
                    buckets[index] = bucket
                    let count = marked(bytes, buckets, tripleCounts)
                    if count < best {
                        best = count
                        improved = true
                    } else {
                        buckets[index] = old
                    }
                }
            }
        }
        return buckets
    }

    /// How many of the counted triples Teddy marks with these fingerprints in these buckets:
    /// a triple is marked where one bucket passes each of its bytes, by the byte's low and
    /// high nibble, as the kernel's tables do (bytes with bit 5 set, as counted).
    package static func marked(_ fingerprints: [[UInt8]], _ buckets: [Int], _ tripleCounts: [UInt32: Int]) -> Int {
        let tables = teddyTables(fingerprints, buckets, width: fingerprints.allSatisfy { $0.count >= 3 } ? 3 : 2)
        func passes(_ place: Int, _ byte: UInt32) -> UInt8 {
            tables[64 * place + Int(byte & 15)] & tables[64 * place + 32 + Int(byte >> 4 & 15)]
        }
        var total = 0
        for (triple, count) in tripleCounts where passes(0, triple >> 16 & 0xFF) & passes(1, triple >> 8 & 0xFF) & passes(2, triple & 0xFF) != 0 {
            total += count
        }
        return total
    }

    /// Teddy's tables (`tc_teddy`) for `fingerprints` in `buckets`: lo1, hi1, lo2, hi2, lo3,
    /// hi3, 32 bytes each, the 16 entries twice (one per 128-bit lane); entry n of a byte's
    /// table has the bits of the buckets whose fingerprint has n as that byte's low (high)
    /// nibble, with bit 5 set; a high nibble's table has them at n without its bit 1 too.
    private static func teddyTables(_ fingerprints: [[UInt8]], _ buckets: [Int], width: Int) -> [UInt8] {
        var tables = [UInt8](repeating: 0, count: MemoryLayout<tc_teddy>.size)
        // A pair's third byte may be anything: every bucket passes lo3 and hi3.
        if width == 2 { for index in 128..<192 { tables[index] = 0xFF } }
        for (fingerprint, teddyBucket) in zip(fingerprints, buckets) {
            let bucket = UInt8(1) << teddyBucket
            for (place, byte) in fingerprint.enumerated() {
                let folded = byte | 0x20
                // The high nibble without its bit 1 too (the byte without bit 5): the kernel
                // reads the text's bytes as they are, and folds case here.
                for (table, nibble) in [(64 * place, folded & 0x0F), (64 * place + 32, folded >> 4), (64 * place + 32, folded >> 4 & 0x0D)] {
                    tables[table + Int(nibble)] |= bucket
                    tables[table + 16 + Int(nibble)] |= bucket
                }
            }
        }
        return tables
    }

    /// The byte triples (with bit 5 set, as Teddy compares them) of the lines of `texts` that
    /// hold none of the words of `set`: how often each would be marked for nothing.
    package static func tripleCounts(in texts: [[UInt8]], without set: CaselessWordSet) -> [UInt32: Int] {
        var counts: [UInt32: Int] = [:]
        for text in texts {
            for line in text.split(separator: 10, omittingEmptySubsequences: true) {
                let bytes = Array(line)
                guard bytes.count >= 3, !bytes.withUnsafeBytes(set.containsAny) else { continue }
                for index in 0...(bytes.count - 3) {
                    let triple = UInt32(bytes[index] | 0x20) << 16 | UInt32(bytes[index + 1] | 0x20) << 8 | UInt32(bytes[index + 2] | 0x20)
                    counts[triple, default: 0] += 1
                }
            }
        }
        return counts
    }

    /// The fingerprints that mark fewest places of text with these counts of byte triples
    /// (`tripleCounts(in:without:)`) while every word holds one: a greedy weighted cover, each
    /// step taking the triple of the words not yet covered whose count, plus
    /// `fingerprintCost`, is least per word it covers (ties to the lower bytes). The built-in
    /// vocabulary's are chosen this way from the sample logs and the real captures
    /// (`CompiledCatalog.candidateFingerprints`). Against the choice by byte frequencies
    /// (`fingerprints(covering:)`), Teddy marks 657 places of that text instead of 1,220 (with
    /// buckets chosen for each); on the bench's captures, not used to choose, half the places of
    /// an app's console and of a one-app device log, and a sixth fewer of a device log of a
    /// hundred apps. Words shorter than three bytes are covered by byte frequencies (pairs).
    package static func fingerprints(covering words: [String], tripleCounts: [UInt32: Int]) -> [String] {
        let (lowered, width) = lowered(words)
        guard width == 3 else { return fingerprints(covering: words) }
        // Least cost is greatest score: the cost negated, which rounds as the cost does.
        return greedyCover(lowered, width: width) { triple, words in
            -(Double(tripleCounts[triple | 0x20_2020] ?? 0) + Double(Self.fingerprintCost)) / Double(words)
        }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// What one fingerprint more costs, in places marked, besides its own count: Teddy mixes
    /// the bytes of the fingerprints that share a bucket, and each adds a slot whose words are
    /// compared. 55 marked fewest places of the counted text of those tried from 30 to 95 (every
    /// cost from 55 to 85 chooses the same 23 fingerprints, in orders whose buckets mark 657 to
    /// 673; 30 chooses 31, which mark 1,244).
    static let fingerprintCost = 55

    /// The fingerprints `init(covering:)` chooses for `words`: the one that covers the most
    /// words not yet covered for how common it is likely to be in log text (fewer false
    /// candidates), until every word is covered. Triples: on an app's console they leave a
    /// third of the candidates pairs did, and on a device log a third of the verifications.
    package static func fingerprints(covering words: [String]) -> [String] {
        let (lowered, width) = lowered(words)
        return fingerprints(coveringLowered: lowered, width: width).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The words as the set holds them (lowercase bytes, two at least) and the fingerprints'
    /// width: 3, or 2 when some word is shorter than three bytes. One place for both ways in,
    /// so that fingerprints chosen ahead of time are chosen over the same words.
    private static func lowered(_ words: [String]) -> (words: [[UInt8]], width: Int) {
        let lowered = words.map { Array($0.lowercased().utf8) }.filter { $0.count >= 2 }
        return (lowered, lowered.allSatisfy { $0.count >= 3 } ? 3 : 2)
    }

    private static func fingerprints(coveringLowered lowered: [[UInt8]], width: Int) -> [[UInt8]] {
        // Words covered, squared, per expected false hit (a floor keeps rare bytes from
        // mattering more than coverage).
        greedyCover(lowered, width: width) { fingerprint, words in
            Double(words) * Double(words) / Double(Self.commonness(fingerprint, width: width) + Self.commonnessFloor)
        }
    }

    /// A greedy cover of `lowered` by runs of `width` bytes: while some word holds none of those
    /// chosen, the run of the words not yet covered with the greatest `score` (given the run's
    /// bytes packed in order, and how many of those words hold it) is chosen; the lower bytes
    /// break ties, so the choice is stable. One loop for both ways of scoring.
    /// In floating point: a team's own words can be many, and equal ratios divide to equal
    /// doubles (division rounds correctly), so ties are ties.
    private static func greedyCover(_ lowered: [[UInt8]], width: Int, score: (_ fingerprint: UInt32, _ words: Int) -> Double) -> [[UInt8]] {
        // Fingerprints as their bytes packed in one integer (in order, so that integers
        // compare as the bytes do).
        func packed(_ word: [UInt8], _ start: Int) -> UInt32 {
            word[start..<(start + width)].reduce(0) { $0 << 8 | UInt32($1) }
        }
        func contains(_ word: [UInt8], _ fingerprint: UInt32) -> Bool {
            (0...(word.count - width)).contains { packed(word, $0) == fingerprint }
        }
        var uncovered = lowered
        var chosen: [UInt32] = []
        var seen: [UInt32] = []
        // Each run once per word it is in, sorted, so that equal runs stand together and are
        // counted (a table keyed by the run is a generic type the runtime builds with a
        // search of every conformance, at every start).
        var runs: [UInt32] = []
        while !uncovered.isEmpty {
            runs.removeAll(keepingCapacity: true)
            for word in uncovered {
                seen.removeAll(keepingCapacity: true)
                for start in 0...(word.count - width) {
                    let fingerprint = packed(word, start)
                    guard !seen.contains(fingerprint) else { continue }
                    seen.append(fingerprint)
                    runs.append(fingerprint)
                }
            }
            runs.sort()
            var best: (fingerprint: UInt32, score: Double)?
            var start = 0
            while start < runs.count {
                let fingerprint = runs[start]
                var end = start + 1
                while end < runs.count, runs[end] == fingerprint { end += 1 }
                let score = score(fingerprint, end - start)
                start = end
                if let current = best, score < current.score || (score == current.score && fingerprint > current.fingerprint) { continue }
                best = (fingerprint, score)
            }
            guard let best else { break }
            chosen.append(best.fingerprint)
            uncovered.removeAll { contains($0, best.fingerprint) }
        }
        return chosen.map { fingerprint in (0..<width).map { UInt8(truncatingIfNeeded: fingerprint >> (8 * (width - 1 - $0))) } }
    }

    private convenience init(lowered: [[UInt8]], width: Int, fingerprints unpacked: [[UInt8]], teddyBuckets: [Int]) {
        // Each word under the pair of the first fingerprint it holds, in the words' order,
        // then by pair (a stable sort): a table keyed by the pair is a generic type the runtime
        // builds with a search of every conformance, at every start.
        var filed: [(key: UInt16, word: [UInt8], offset: Int)] = []
        for word in lowered {
            for fingerprint in unpacked {
                guard let offset = Self.offset(of: fingerprint, in: word) else { continue }
                filed.append((Self.pairKey(fingerprint[0], fingerprint[1]), word, offset))
                break
            }
        }
        let order = Self.stableOrder(of: filed.map { Int($0.key) })
        var pairs: [(key: UInt16, words: [(word: [UInt8], offset: Int)])] = []
        for index in order {
            let entry = filed[index]
            if pairs.last?.key != entry.key { pairs.append((entry.key, [])) }
            pairs[pairs.count - 1].words.append((entry.word, entry.offset))
        }
        self.init(fingerprints: unpacked, teddyBuckets: teddyBuckets, width: width, pairs: pairs)
    }

    /// A pair's slot: its bytes with bit 5 set, as Teddy compares them, so that the C search
    /// finds a marked place's slot without testing for letters. Pairs that differ only in bit 5
    /// of a byte that is no letter (`[` and `{`) share a slot and are told apart when their words
    /// are compared.
    private static func pairKey(_ first: UInt8, _ second: UInt8) -> UInt16 {
        UInt16(first | 0x20) << 8 | UInt16(second | 0x20)
    }

    private static func offset(of fingerprint: [UInt8], in word: [UInt8]) -> Int? {
        guard word.count >= fingerprint.count else { return nil }
        return (0...(word.count - fingerprint.count)).first { word[$0..<($0 + fingerprint.count)].elementsEqual(fingerprint) }
    }

    /// The positions of `keys` by increasing key, in their own order among equal keys.
    private static func stableOrder(of keys: [Int]) -> [Int] {
        keys.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
    }

    /// `pairs`: each pair's words, the pairs in increasing order.
    private init(fingerprints: [[UInt8]], teddyBuckets: [Int], width: Int, pairs: [(key: UInt16, words: [(word: [UInt8], offset: Int)])],
                 level: Int32? = nil) {
        self.fingerprints = fingerprints
        self.teddyBuckets = teddyBuckets
        self.width = width
        let tables = Self.teddyTables(fingerprints, teddyBuckets, width: width)
        let teddyLevel = min(level ?? Self.machineTeddyLevel, Self.machineTeddyLevel)
        self.teddyLevel = teddyLevel
        folded = fingerprints.map { ($0[0] | 0x20, $0[1] | 0x20, $0[$0.count - 1] | 0x20) }
        var pairKeys: [UInt16] = []
        var wordLists: [[(word: [UInt8], offset: Int)]] = []
        // Fewer than 255 fingerprints: each word adds at most one, and the vocabulary has about a hundred words.
        for (key, words) in pairs where wordLists.count < 255 {
            wordLists.append(words)
            pairKeys.append(key)
        }
        self.pairKeys = pairKeys
        self.wordLists = wordLists
        var ordered: [(word: [UInt8], offset: Int)] = []
        var bucketStarts: [Int64] = []
        bucketStarts.reserveCapacity(257 * wordLists.count + 1)
        var groups: [tc_word_group] = []
        // Each group's words by bucket (a stable sort of a few words), and where each of its
        // 257 buckets begins: an array of 257 arrays a group cost the catalog's word sets 1.3
        // of their 3.1 million instructions at every start.
        var starts = [Int](repeating: 0, count: 258)
        for words in wordLists {
            let key = Self.keyOffset(for: words, width: width)
            let buckets = words.map { Self.bucket(of: $0, at: key) }
            for index in starts.indices { starts[index] = 0 }
            for bucket in buckets { starts[bucket + 1] += 1 }
            // The bytes of the words' buckets with bit 5 set, as the C search first tests the
            // text's byte (a few bytes that are no letters pass with another: then their bucket is empty).
            var keys = [UInt64](repeating: 0, count: 4)
            for bucket in buckets where bucket > 0 {
                let byte = UInt8(bucket - 1) | 0x20
                keys[Int(byte >> 6)] |= 1 << (byte & 63)
            }
            groups.append(tc_word_group(key_offset: Int64(key), unkeyed: Int64(starts[1]), keys: (keys[0], keys[1], keys[2], keys[3])))
            for bucket in 1..<starts.count { starts[bucket] += starts[bucket - 1] }
            for bucket in 0..<257 { bucketStarts.append(Int64(ordered.count + starts[bucket])) }
            ordered += Self.stableOrder(of: buckets).map { words[$0] }
        }
        bucketStarts.append(Int64(ordered.count))
        table = WordTable(tables: tables, level: teddyLevel, width: width, pairKeys: pairKeys, bucketStarts: bucketStarts, words: ordered,
                          groups: groups)
    }

    /// A word's bucket for the key place `key` (from where its fingerprint begins): 1 + its
    /// byte there, or 0 where that place lies outside the word.
    private static func bucket(of entry: (word: [UInt8], offset: Int), at key: Int) -> Int {
        let place = entry.offset + key
        return place >= 0 && place < entry.word.count ? 1 + Int(entry.word[place]) : 0
    }

    /// Where, from where a fingerprint begins, the byte that tells its words apart best
    /// stands: up to six places after it or eight before, the one that leaves the fewest words
    /// to compare where the text has the worst byte there (those with none there, plus the
    /// largest bucket). The byte right after it wins ties, then the nearest. The words of `gro`
    /// (`- background`, `went to background`, `entering foreground`) end soon after it: the
    /// byte six before it parts them, where one right after it left all six compared at every
    /// `background` of a log.
    private static func keyOffset(for words: [(word: [UInt8], offset: Int)], width: Int) -> Int {
        var best = (key: width, cost: Int.max)
        // One array of counts for every key, its used entries set back after each (this runs at every start).
        var counts = [Int](repeating: 0, count: 257)
        for key in Array(width...(width + 5)) + Array((-8)...(-1)).reversed() {
            var largest = 0
            for entry in words {
                let bucket = bucket(of: entry, at: key)
                counts[bucket] += 1
                if bucket != 0 { largest = max(largest, counts[bucket]) }
            }
            let cost = counts[0] + largest
            if cost < best.cost { best = (key, cost) }
            for entry in words { counts[bucket(of: entry, at: key)] = 0 }
        }
        return best.key
    }

    /// Whether each of these words holds one of `other`'s fingerprints (ASCII case folded):
    /// then a text where `other`'s search marks no place holds none of these words.
    package func everyWordHoldsAFingerprint(of other: CaselessWordSet) -> Bool {
        wordLists.joined().allSatisfy { entry in other.fingerprints.contains { Self.offset(of: $0, in: entry.word) != nil } }
    }

    /// The same words searched without the vector kernel (the portable search alone), for
    /// the test that holds the two to each other.
    package func portable() -> CaselessWordSet { atLevel(0) }

    /// The same words searched with kernel `level` (`machineTeddyLevels`; 0 the portable
    /// search), for the tests that hold each kernel the machine has to the portable search.
    package func atLevel(_ level: Int32) -> CaselessWordSet {
        CaselessWordSet(fingerprints: fingerprints, teddyBuckets: teddyBuckets, width: width,
                        pairs: zip(pairKeys, wordLists).map { ($0, $1) }, level: level)
    }

    /// True when `text` contains one of the words, ignoring ASCII case.
    package func containsAny(_ text: UnsafeRawBufferPointer) -> Bool {
        let count = text.count
        guard count >= 2, !folded.isEmpty, let base = text.baseAddress else { return false }
        // The vector kernel, as the quiet batch searches short messages.
        if teddyLevel > 0 {
            return tc_words_contain(table.set, base.assumingMemoryBound(to: UInt8.self), count, 0, count) != 0
        }
        var offset = 0
        while offset + 32 + width <= count {
            // Setting bit 5 of every byte folds ASCII case, so each byte costs one comparison
            // instead of two. It also folds a few punctuation bytes onto others (`[` onto
            // `{`): extra hits the word comparison then rejects, never a missed one.
            let first = Self.caseFolded(text, at: offset), second = Self.caseFolded(text, at: offset + 1)
            let third = width == 3 ? Self.caseFolded(text, at: offset + 2) : second
            var hit = SIMDMask<SIMD32<Int8>>()
            for bytes in folded {
                hit .|= (first .== SIMD32(repeating: bytes.first)) .& (second .== SIMD32(repeating: bytes.second))
                    .& (third .== SIMD32(repeating: bytes.third))
            }
            // Only where a fingerprint occurs: a block's hits are one or two of its 32 places.
            var places = Self.bits(of: hit)
            while places != 0 {
                if containsWord(text, pairAt: offset + places.trailingZeroBitCount) { return true }
                places &= places &- 1
            }
            offset += 32
        }
        while offset + 1 < count {
            if containsWord(text, pairAt: offset) { return true }
            offset += 1
        }
        return false
    }

    /// The first of the words in `text`, as the caseless alternation of the words, longest
    /// first, finds it: the one that begins first, and of those the longest.
    package func firstMatch(in text: UnsafeRawBufferPointer) -> Range<Int>? {
        var start = 0, length = 0
        guard text.count >= 2, !folded.isEmpty, let base = text.baseAddress,
              tc_words_leftmost(table.set, base.assumingMemoryBound(to: UInt8.self), text.count, 0, text.count, &start, &length) != 0
        else { return nil }
        return start..<(start + length)
    }

    /// One bit per byte of the mask (bit i for byte i): the top bit of each byte gathered by
    /// one multiplication per 64-bit lane, as x86's movemask does in one instruction.
    @inline(__always)
    private static func bits(of mask: SIMDMask<SIMD32<Int8>>) -> UInt32 {
        let lanes = unsafeBitCast(mask, to: SIMD4<UInt64>.self) & SIMD4(repeating: 0x8080_8080_8080_8080)
        let gathered = (lanes &* SIMD4(repeating: 0x0002_0408_1020_4081)) &>> 56
        return UInt32(truncatingIfNeeded: gathered[0]) | UInt32(truncatingIfNeeded: gathered[1]) << 8
            | UInt32(truncatingIfNeeded: gathered[2]) << 16 | UInt32(truncatingIfNeeded: gathered[3]) << 24
    }

    /// 32 bytes with bit 5 set. Done on four 64-bit lanes: the same on `SIMD32<UInt8>`
    /// compiles to a loop over bytes.
    @inline(__always)
    private static func caseFolded(_ text: UnsafeRawBufferPointer, at offset: Int) -> SIMD32<UInt8> {
        let words = text.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt64>.self) | SIMD4(repeating: 0x2020_2020_2020_2020)
        return unsafeBitCast(words, to: SIMD32<UInt8>.self)
    }

    /// Whether the pair at `index` begins a chosen fingerprint and one of its words is there,
    /// wholly inside `text` (`index + 1` is inside it).
    @inline(__always)
    private func containsWord(_ text: UnsafeRawBufferPointer, pairAt index: Int) -> Bool {
        guard let base = text.baseAddress else { return false }
        return tc_words_match_at(table.set, base.assumingMemoryBound(to: UInt8.self), text.count, index, 0, text.count) != 0
    }

    /// Searches one text for the words inside ranges taken in increasing order (the messages
    /// of a batch of lines): one pass of the vector kernel over the text, where
    /// `containsAny` on each range sets up a search and copies the range's last bytes.
    /// Decides each range as `containsAny` on its bytes does (a test holds the two to each
    /// other).
    package struct Cursor {
        private let set: CaselessWordSet
        private let text: UnsafeRawBufferPointer
        private var state = tc_word_cursor()

        package init(_ set: CaselessWordSet, over text: UnsafeRawBufferPointer) {
            self.set = set
            self.text = text
        }

        /// Whether `range` of the text contains one of the words. Ranges must not go back:
        /// places before `range` are forgotten.
        package mutating func containsAny(in range: Range<Int>) -> Bool {
            // Without the vector kernel, the portable search of the range's bytes.
            guard set.teddyLevel > 0, let base = text.baseAddress, !set.folded.isEmpty else {
                return set.containsAny(UnsafeRawBufferPointer(rebasing: text[range]))
            }
            return tc_cursor_contains(set.table.set, &state, base.assumingMemoryBound(to: UInt8.self), text.count,
                                      range.lowerBound, range.upperBound) != 0
        }

        /// The first newline of the text at `offset` or after it; nil where there is none.
        /// Offsets and ranges together must not go back: the C quiet read finds its lines'
        /// ends in the same window of the text as their messages' words.
        package mutating func newline(from offset: Int) -> Int? {
            guard let base = text.baseAddress, offset < text.count else { return nil }
            guard set.teddyLevel > 0, !set.folded.isEmpty else {
                return memchr(base + offset, 10, text.count - offset).map { UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0)) }
            }
            let found = tc_cursor_newline(set.table.set, &state, base.assumingMemoryBound(to: UInt8.self), text.count, offset)
            return found < text.count ? found : nil
        }

        /// Reads the quiet lines of `quiet` (`tc_quiet_read`) with this cursor as the search
        /// for the set's words, and `shortWords` for ranges of up to `shortLimit` bytes (only in
        /// lines where the set's search marked a place, when `shortWordsHoldFingerprints`). Nil
        /// without the vector kernel: the caller reads the lines one by one.
        mutating func readQuietly(_ quiet: inout tc_quiet, shortWords: CaselessWordSet, shortLimit: Int,
                                  shortWordsHoldFingerprints: Bool) -> tc_quiet_stop? {
            guard set.teddyLevel > 0, !set.folded.isEmpty, let base = text.baseAddress else { return nil }
            let set = set, text = text
            return withUnsafeMutablePointer(to: &state) { cursor in
                quiet.text = base.assumingMemoryBound(to: UInt8.self)
                quiet.count = text.count
                quiet.words = UnsafePointer(set.table.set)
                quiet.cursor = cursor
                quiet.short_words = UnsafePointer(shortWords.table.set)
                quiet.short_limit = shortLimit
                quiet.short_words_hold_fingerprints = shortWordsHoldFingerprints ? 1 : 0
                return tc_quiet_read(&quiet)
            }
        }
    }

    /// How often the bytes are likely to occur together in log messages (higher is commoner).
    private static func commonness(_ fingerprint: UInt32, width: Int) -> Int {
        (0..<width).reduce(1) { product, place in product * byteFrequency(UInt8(truncatingIfNeeded: fingerprint >> (8 * place))) }
    }

    /// Added to every fingerprint's commonness: the product of three per-mille frequencies
    /// spans six orders of magnitude, and below this a rarer fingerprint saves nothing
    /// measurable but coverage still does.
    private static let commonnessFloor = 100_000

    /// Per mille, ASCII case folded, of the messages (prefixes stripped) of the real corpus
    /// and a device capture: space 100, `e` 79, `:` 22, `(` 6. Bytes outside ` `…`~` count as rare.
    private static func byteFrequency(_ byte: UInt8) -> Int {
        let index = Int(Bytes.lowercased(byte)) - 32
        return byteFrequencies.indices.contains(index) ? byteFrequencies[index] : 1
    }

    private static let byteFrequencies = [
        100, 1, 8, 1, 1, 1, 1, 1, 6, 6, 1, 1, 5, 5, 10, 3, 27, 13, 14, 12, 10, 13, 10, 10, 11, 9, 22, 5, 5, 6, 5, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4, 1, 4, 1, 3,
        1, 53, 9, 29, 29, 79, 15, 19, 9, 56, 1, 6, 26, 20, 49, 45, 24, 3, 40, 51, 53, 11, 7, 5, 7, 7, 3, 1, 1, 1, 1,
    ]
}

/// The C form of a word set (`tc_word_set`) and the memory it points into, allocated once and
/// never changed after: read by every thread.
private final class WordTable: @unchecked Sendable {
    let set: UnsafeMutablePointer<tc_word_set>
    private let tables: UnsafeMutablePointer<tc_teddy>
    private let slots: UnsafeMutableBufferPointer<UInt8>
    /// Whether `slots` are pages mapped for them alone (`freshZeroedPages`).
    private let slotsMapped: Bool
    private let bucketStarts: UnsafeMutableBufferPointer<Int64>
    private let entries: UnsafeMutableBufferPointer<tc_word_entry>
    private let words: UnsafeMutableBufferPointer<UInt8>
    private let groups: UnsafeMutableBufferPointer<tc_word_group>

    init(tables teddy: [UInt8], level: Int32, width: Int, pairKeys: [UInt16], bucketStarts starts: [Int64],
         words ordered: [(word: [UInt8], offset: Int)], groups wordGroups: [tc_word_group]) {
        tables = .allocate(capacity: 1)
        tables.initialize(to: tc_teddy())
        withUnsafeMutableBytes(of: &tables.pointee) { $0.copyBytes(from: teddy.prefix($0.count)) }
        // By pair: 0, or 1 + the index of the pair's words (a byte load where a dictionary
        // would hash). Fresh pages of their own, zero until written: only the pages of the
        // pairs set and of those the search looks up are ever touched. (`calloc`, asked for
        // 64 KiB, took it from the heap and cleared it whole: a check of 64 MB on two
        // threads took 872 page faults with it, 819 without.)
        let size = 1 << 16
        if let mapped = Self.freshZeroedPages(size) {
            slots = UnsafeMutableBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size)
            slotsMapped = true
        } else {
            slots = .allocate(capacity: size)
            slots.initialize(repeating: 0)
            slotsMapped = false
        }
        for (index, key) in pairKeys.enumerated() { slots[Int(key)] = UInt8(index + 1) }
        bucketStarts = .allocate(capacity: starts.count)
        _ = bucketStarts.initialize(from: starts)
        var bytes: [UInt8] = []
        var made: [tc_word_entry] = []
        for (word, offset) in ordered {
            made.append(Self.entry(word: word, offset: offset, at: bytes.count))
            bytes += word
        }
        entries = .allocate(capacity: max(made.count, 1))
        _ = entries.initialize(from: made)
        words = .allocate(capacity: max(bytes.count, 1))
        _ = words.initialize(from: bytes)
        groups = .allocate(capacity: max(wordGroups.count, 1))
        _ = groups.initialize(from: wordGroups)
        set = .allocate(capacity: 1)
        set.initialize(to: tc_word_set(tables: tables, level: level, width: Int32(width), slots: slots.baseAddress,
                                       bucket_starts: bucketStarts.baseAddress, entries: entries.baseAddress,
                                       words: words.baseAddress, groups: groups.baseAddress))
    }

    deinit {
        set.deallocate()
        tables.deallocate()
        if slotsMapped, let base = slots.baseAddress { munmap(base, slots.count) } else { slots.deallocate() }
        bucketStarts.deallocate()
        entries.deallocate()
        words.deallocate()
        groups.deallocate()
    }

    /// `count` bytes of anonymous memory, zero, or nil where the system would not map them.
    private static func freshZeroedPages(_ count: Int) -> UnsafeMutableRawPointer? {
        guard let mapped = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), mapped != MAP_FAILED else { return nil }
        return mapped
    }

    /// A word's first and last eight bytes as little-endian words, with bit 5 set where the
    /// word has a letter (case folds there only), so that a place that is no word is
    /// rejected by one or two comparisons, not a byte loop.
    private static func entry(word: [UInt8], offset: Int, at start: Int) -> tc_word_entry {
        var head: UInt64 = 0, headFold: UInt64 = 0, headMask: UInt64 = 0, tail: UInt64 = 0, tailFold: UInt64 = 0
        for (index, byte) in word.prefix(8).enumerated() {
            head |= UInt64(byte) << (8 * index)
            headMask |= 0xFF << (8 * index)
            if isLetter(byte) { headFold |= 0x20 << (8 * index) }
        }
        if word.count > 8 {
            for (index, byte) in word.suffix(8).enumerated() {
                tail |= UInt64(byte) << (8 * index)
                if isLetter(byte) { tailFold |= 0x20 << (8 * index) }
            }
        }
        return tc_word_entry(length: Int64(word.count), offset: Int64(offset), head: head, head_fold: headFold,
                             head_mask: headMask, tail: tail, tail_fold: tailFold, word: Int64(start))
    }

    private static func isLetter(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
}
