extension ReelOutput {
    /// The results of `outputs` as one run over the whole list would give them, in the list's order.
    ///
    /// The outputs of a sharded run (``shard``) must be the shards of one run: one kind of results, one N, one
    /// list length; each shard at most once (a shard of no traces may be left out); each position claimed by
    /// one file only, and by the file of the shard it belongs to; no position of the list left without a result.
    /// Their results are put back in list order. Outputs of unsharded runs are concatenated in the order given.
    ///
    /// Every position holds exactly one result, except that a gate judging JSON reports gives each report of
    /// one file a result at the file's position.
    /// - Complexity: O(*n* log *n*) for *n* results, plus the length of the list.
    /// - Throws: ``MergeError`` naming the file at fault.
    public static func merge(_ outputs: [ReelOutput]) throws(MergeError) -> ReelResults {
        guard let first = outputs.first else { throw MergeError(path: nil, message: "no output to merge") }
        for output in outputs where output.results.kind != first.results.kind {
            throw MergeError(path: output.path, message: "holds \(output.results.kind.words), but \(first.path) holds "
                             + "\(first.results.kind.words); merge the outputs of one command")
        }
        let order: [(file: Int, offset: Int)]
        if first.shard == nil {
            if let sharded = outputs.first(where: { $0.shard != nil }), let shard = sharded.shard?.shard {
                throw MergeError(path: sharded.path, message: "is \(shard), but \(first.path) is not a shard; merge "
                                 + "the shards of one run, or outputs of unsharded runs")
            }
            order = outputs.indices.flatMap { file in (0..<outputs[file].results.count).map { (file, $0) } }
        } else {
            order = try shardOrder(outputs)
        }
        switch first.results {
        case .reports:
            return .reports(order.map { place in
                guard case .reports(let outcomes) = outputs[place.file].results else { preconditionFailure("checked kind") }
                return outcomes[place.offset]
            })
        case .comparisons:
            return .comparisons(order.map { place in
                guard case .comparisons(let outcomes) = outputs[place.file].results else { preconditionFailure("checked kind") }
                return outcomes[place.offset]
            })
        case .judgements:
            return .judgements(order.map { place in
                guard case .judgements(let outcomes) = outputs[place.file].results else { preconditionFailure("checked kind") }
                return outcomes[place.offset]
            })
        }
    }

    /// Checks that `outputs` are the shards of one run and gives the place of each result in list order.
    private static func shardOrder(_ outputs: [ReelOutput]) throws(MergeError) -> [(file: Int, offset: Int)] {
        let first = outputs[0]
        guard let reference = first.shard else { preconditionFailure("the first output is a shard") }
        let count = reference.shard.count, total = reference.total
        // A gate judging JSON reports gives each report of one file a result at the file's position.
        let repeatsPositions = first.results.kind == .judgements
        var fileOfIndex: [Int: String] = [:]
        var owner: [Int: Int] = [:]
        var places: [(position: Int, file: Int, offset: Int)] = []
        for (file, output) in outputs.enumerated() {
            guard let record = output.shard else {
                throw MergeError(path: output.path, message: "is not a shard, but \(first.path) is \(reference.shard); "
                                 + "merge the shards of one run, or outputs of unsharded runs")
            }
            let shard = record.shard
            guard shard.count == count else {
                throw MergeError(path: output.path, message: "is \(shard), but \(first.path) is \(reference.shard); merge "
                                 + "the shards of one run, all split into the same number of shards")
            }
            guard record.total == total else {
                throw MergeError(path: output.path, message: "is a shard of a list of \(record.total), but \(first.path) "
                                 + "of a list of \(total); give every job of a matrix the same list of traces")
            }
            if let other = fileOfIndex[shard.index] {
                throw MergeError(path: output.path, message: "is \(shard), and so is \(other); give each shard once")
            }
            fileOfIndex[shard.index] = output.path
            guard record.positions.count == output.results.count else {
                throw MergeError(path: output.path, message: "lists \(record.positions.count) positions for "
                                 + "\(output.results.count) results; each result has its position")
            }
            var previous: Int?
            for (offset, position) in record.positions.enumerated() {
                guard (0..<total).contains(position) else {
                    throw MergeError(path: output.path, message: "claims position \(position) of a list of \(total)")
                }
                if let claimant = owner[position], claimant != file || !(repeatsPositions && previous == position) {
                    throw MergeError(path: output.path, message: claimant == file
                                     ? "claims position \(position) twice"
                                     : "claims position \(position), as \(outputs[claimant].path) does")
                }
                guard shard.owns(position) else {
                    throw MergeError(path: output.path, message: "is \(shard) but claims position \(position), which "
                                     + "belongs to shard \(position % count + 1) of \(count)")
                }
                owner[position] = file
                places.append((position, file, offset))
                previous = position
            }
        }
        let missing = (1...count).filter { fileOfIndex[$0] == nil }
            .filter { !Shard(index: $0, count: count).positions(inListOf: total).isEmpty }
        if !missing.isEmpty {
            let shards = missing.map { "\($0)" }.joined(separator: ", ")
            let one = missing.count == 1
            throw MergeError(path: nil, message: "shard\(one ? "" : "s") \(shards) of \(count) \(one ? "is" : "are") "
                             + "missing: no file given is \(one ? "that shard" : "one of them"), and the list of \(total) "
                             + "has traces in \(one ? "it" : "each"); give the output of every job of the run")
        }
        if let hole = (0..<total).first(where: { owner[$0] == nil }) {
            let shard = Shard(index: hole % count + 1, count: count)
            throw MergeError(path: fileOfIndex[shard.index], message: "is \(shard) but holds no result for position "
                             + "\(hole) of the list, which belongs to it")
        }
        // Positions are claimed by one file each, in the file's order: sorting by position keeps a file's
        // results of one position in their order.
        return places.sorted { ($0.position, $0.offset) < ($1.position, $1.offset) }.map { ($0.file, $0.offset) }
    }
}
