// libraw's C++ input classes, with reads that fill what they could not read with zeros (see CRawStream.h).
#include "CRawStream.h"

#include <libraw/libraw.h>
#include <sys/stat.h>

#include <cstring>
#include <new>

namespace {

/// A libraw input of class `Base` whose reads zero what they leave unread of their destination.
template <class Base> class ZeroFilledStream : public Base {
  public:
    using Base::Base;

    int read(void *destination, size_t size, size_t count) override {
        int items = Base::read(destination, size, count);
        size_t wanted = size * count;
        size_t got = items > 0 ? static_cast<size_t>(items) * size : 0;
        if (got < wanted) std::memset(static_cast<char *>(destination) + got, 0, wanted - got);
        return items;
    }
};

int open(void *libraw, LibRaw_abstract_datastream *input, waterfall_raw_stream **stream) {
    *stream = nullptr;
    if (input == nullptr) return LIBRAW_UNSUFFICIENT_MEMORY;
    if (!input->valid()) {
        delete input;
        return LIBRAW_IO_ERROR;
    }
    *stream = reinterpret_cast<waterfall_raw_stream *>(input);
    auto *raw = static_cast<LibRaw *>(static_cast<libraw_data_t *>(libraw)->parent_class);
    try {
        return raw->open_datastream(input);
    } catch (...) {
        return LIBRAW_UNSPECIFIED_ERROR;
    }
}

}  // namespace

extern "C" int waterfall_raw_open_file(void *libraw, const char *path, waterfall_raw_stream **stream) {
    struct stat status;
    if (stat(path, &status) != 0) {
        *stream = nullptr;
        return LIBRAW_IO_ERROR;
    }
    LibRaw_abstract_datastream *input = nullptr;
    try {
        if (status.st_size > LIBRAW_USE_STREAMS_DATASTREAM_MAXSIZE) {
            input = new ZeroFilledStream<LibRaw_bigfile_datastream>(path);
        } else {
            input = new ZeroFilledStream<LibRaw_file_datastream>(path);
        }
    } catch (...) {
    }
    return open(libraw, input, stream);
}

extern "C" int waterfall_raw_open_buffer(void *libraw, const void *bytes, size_t count, waterfall_raw_stream **stream) {
    if (bytes == nullptr) {
        *stream = nullptr;
        return LIBRAW_IO_ERROR;
    }
    LibRaw_abstract_datastream *input = nullptr;
    try {
        input = new ZeroFilledStream<LibRaw_buffer_datastream>(const_cast<void *>(bytes), count);
    } catch (...) {
    }
    return open(libraw, input, stream);
}

extern "C" void waterfall_raw_stream_free(waterfall_raw_stream *stream) {
    delete reinterpret_cast<LibRaw_abstract_datastream *>(stream);
}
