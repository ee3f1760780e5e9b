import Reporting

/// libFuzzer's entry point: the bytes are a JSON input, read as `reel gate --baseline` reads a baseline
/// (`Report.decode`) and as `reel merge` reads its inputs (`ReelOutput.decode`: reports, comparisons, gate
/// judgements, shards); what the merge reader accepts is merged and written in every format its kind has.
/// A `JSONReadError` or a `MergeError` is a correct answer; a trap, a sanitizer report, a hang (`-timeout`)
/// or a blow-up (`-rss_limit_mb`, `-malloc_limit_mb`: the readers must stay within `JSONInputLimits`) is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReaders(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = size == 0 ? "" : String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        for report in try Report.decode(json: text, path: "fuzz.json") {
            _ = ReportFormat.text.render([report])
        }
    } catch {
        _ = error.description
    }
    do {
        let output = try ReelOutput.decode(json: text, path: "fuzz.json")
        let results = try ReelOutput.merge([output])
        for format in results.kind.formats {
            _ = results.render(format)
        }
    } catch let error as JSONReadError {
        _ = error.description
    } catch {
        _ = "\(error)"
    }
    return 0
}
