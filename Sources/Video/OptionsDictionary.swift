internal import CFFmpeg

/// An owned AVDictionary of string options for avcodec_open2 / avformat_write_header.
final class OptionsDictionary {
    /// The dictionary; nil while empty. FFmpeg calls may replace it, so it is passed inout.
    var pointer: OpaquePointer?

    /// Creates a dictionary holding `entries`, set in order.
    init(_ entries: KeyValuePairs<String, String>) throws {
        for (key, value) in entries {
            try check(av_dict_set(&pointer, key, value, 0), "av_dict_set \(key)=\(value)")
        }
    }

    deinit {
        av_dict_free(&pointer)
    }

    /// The keys FFmpeg left behind, i.e. the options nobody recognised.
    var remainingKeys: [String] {
        var keys: [String] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>? = nil
        while let next = av_dict_get(pointer, "", entry, AV_DICT_IGNORE_SUFFIX) {
            keys.append(String(cString: next.pointee.key))
            entry = next
        }
        return keys
    }
}
