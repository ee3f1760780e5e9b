import Histogram

/// The buckets of `Histogram<UInt64>` with a lowest discernible value of 1 and three significant digits, for
/// the profiler to count one path's call durations in while spans run (a flat array of counts, and the
/// shortest non-zero and the longest duration); ``histogram(counts:shortestNonZero:longest:highestTrackableValue:)``
/// makes them the very histogram that recording each duration would have made.
///
/// Counting a call is an index computation and three updates of memory the profiler owns, where recording it
/// into the histogram itself (a struct holding an array) costs a copy-on-write check, bounds checks and calls
/// on every span.
enum CallDurationBuckets {
    /// Half the sub-buckets of a bucket, as a power of two: three significant digits tell 2,000 values apart
    /// in a bucket, so a bucket has 2,048 sub-buckets.
    private static let subBucketHalfCountMagnitude = 10
    private static let subBucketHalfCount = 1 << subBucketHalfCountMagnitude
    /// The values of bucket 0, which counts every value below 2,048 on its own.
    private static let subBucketMask: UInt64 = (1 << (subBucketHalfCountMagnitude + 1)) - 1
    /// The leading zero bits of the largest value bucket 0 holds.
    private static let leadingZeroCountBase = UInt64.bitWidth - (subBucketHalfCountMagnitude + 1)

    /// The index of `value`'s bucket: the histogram's `countsIndexForValue`.
    @inline(__always)
    static func index(of value: UInt64) -> Int {
        let bucket = leadingZeroCountBase - (value | subBucketMask).leadingZeroBitCount
        let subBucket = Int(truncatingIfNeeded: value >> UInt64(truncatingIfNeeded: bucket))
        return ((bucket + 1) << subBucketHalfCountMagnitude) + subBucket - subBucketHalfCount
    }

    /// The lowest value of the bucket at `index`: the histogram's `valueFromIndex`.
    static func lowestValue(atIndex index: Int) -> UInt64 {
        var bucket = (index >> subBucketHalfCountMagnitude) - 1
        var subBucket = (index & (subBucketHalfCount - 1)) + subBucketHalfCount
        if bucket < 0 {
            subBucket -= subBucketHalfCount
            bucket = 0
        }
        return UInt64(subBucket) << UInt64(bucket)
    }

    /// How many buckets values up to `longest` need.
    static func bucketCount(upTo longest: UInt64) -> Int { index(of: longest) + 1 }

    /// The histogram that recording every counted duration would have made: the same counts in the same
    /// buckets, the same exact shortest non-zero and longest values.
    ///
    /// - Parameters:
    ///   - counts: The count of each bucket, by ``index(of:)``.
    ///   - shortestNonZero: The shortest non-zero duration counted (`UInt64.max` if none).
    ///   - longest: The longest duration counted (0 if none).
    ///   - highestTrackableValue: The histogram's highest trackable value; `counts` covers it.
    static func histogram(counts: UnsafeBufferPointer<UInt64>, shortestNonZero: UInt64, longest: UInt64,
                          highestTrackableValue: UInt64) -> Histogram<UInt64> {
        var histogram = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: highestTrackableValue,
                                          numberOfSignificantValueDigits: .three)
        let shortestIndex = shortestNonZero == .max ? -1 : index(of: shortestNonZero)
        let longestIndex = index(of: longest)
        for i in counts.indices where counts[i] > 0 {
            var count = counts[i]
            // The extremes' own values, once each, so the histogram keeps them exactly; the rest of their
            // buckets at the same values, and every other bucket (all of whose values lie between the two) at
            // its lowest value.
            if i == shortestIndex {
                _ = histogram.record(shortestNonZero)
                count -= 1
            }
            if i == longestIndex, count > 0 {
                _ = histogram.record(longest)
                count -= 1
            }
            guard count > 0 else { continue }
            let value = i == shortestIndex ? shortestNonZero : i == longestIndex ? longest : lowestValue(atIndex: i)
            _ = histogram.record(value, count: count)
        }
        return histogram
    }
}
