import CollectionEngine
import Histogram
import Testing
@testable import Replay
import TestSupport

/// Counts `values` as the profiler does and makes the histogram of them.
private func countedHistogram(_ values: [UInt64], highest: UInt64 = 10_000_000_000) -> Histogram<UInt64> {
    let buckets = CallDurationBuckets.bucketCount(upTo: highest)
    var counts = [UInt64](repeating: 0, count: buckets)
    var shortest = UInt64.max
    var longest: UInt64 = 0
    for value in values {
        counts[CallDurationBuckets.index(of: value)] += 1
        if value != 0 { shortest = min(shortest, value) }
        longest = max(longest, value)
    }
    return counts.withUnsafeBufferPointer {
        CallDurationBuckets.histogram(counts: $0, shortestNonZero: shortest, longest: longest,
                                      highestTrackableValue: highest)
    }
}

/// Records `values` one by one, as the profiler did before it counted them.
private func recordedHistogram(_ values: [UInt64], highest: UInt64 = 10_000_000_000) -> Histogram<UInt64> {
    var histogram = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: highest,
                                      numberOfSignificantValueDigits: .three)
    for value in values { _ = histogram.record(value) }
    return histogram
}

/// The histograms agree on everything a report reads of them.
private func expectSame(_ counted: Histogram<UInt64>, _ recorded: Histogram<UInt64>, _ comment: Comment) {
    #expect(counted == recorded, comment)
    #expect(counted.totalCount == recorded.totalCount, comment)
    #expect(counted.min == recorded.min, comment)
    #expect(counted.maxRecorded == recorded.maxRecorded, comment)
    #expect(counted.max == recorded.max, comment)
    #expect(counted.mean == recorded.mean, comment)
    for percentile in [0.0, 1, 25, 50, 75, 90, 99, 99.9, 100] {
        #expect(counted.valueAtPercentile(percentile) == recorded.valueAtPercentile(percentile), comment)
    }
    #expect(Array(counted.recordedValues()) == Array(recorded.recordedValues()), comment)
}

@Suite("Call duration buckets", .tags(.fast))
struct CallDurationBucketsTests {
    @Test("A value's bucket and a bucket's lowest value are the histogram's, at every bucket's edges")
    func bucketsMatchTheHistogram() {
        let histogram = recordedHistogram([])
        var edges: [UInt64] = [0, 1, 2, 1_023, 1_024, 2_047, 2_048, 2_049, 4_095, 4_096, 10_000_000_000]
        for shift: UInt64 in 11...33 {
            edges += [(1 << shift) - 1, 1 << shift, (1 << shift) + 1, (1 << shift) + (1 << (shift - 10))]
        }
        for value in edges {
            let index = CallDurationBuckets.index(of: value)
            let lowest = CallDurationBuckets.lowestValue(atIndex: index)
            #expect(lowest == histogram.lowestEquivalentForValue(value), "\(value)")
            #expect(CallDurationBuckets.index(of: lowest) == index, "\(value)")
        }
    }

    @Test("Counting calls makes the histogram that recording each would have made", arguments: [1, 2, 3, 4, 5])
    func countedEqualsRecorded(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for size in [0, 1, 2, 3, 10, 1_000, 20_000] {
            let values = (0..<size).map { _ -> UInt64 in
                // Mostly spans of 20 ns to 20 µs, some zero, some up to the 10 s limit.
                switch generator.next() % 10 {
                case 0: 0
                case 1: generator.next() % 10_000_000_001
                default: 20 + generator.next() % 20_000
                }
            }
            expectSame(countedHistogram(values), recordedHistogram(values), "seed \(seed), \(size) values")
        }
    }

    @Test("The extremes are kept exactly when they share a bucket with other calls",
          arguments: [[5_005, 5_006], [5_006, 5_005, 5_007], [0, 7], [0, 0], [3_000_001, 3_000_400, 3_000_100, 3_000_002]])
    func extremesInSharedBuckets(values: [UInt64]) {
        expectSame(countedHistogram(values), recordedHistogram(values), "\(values)")
    }
}
