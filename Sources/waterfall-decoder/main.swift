// The photo wall's decoder worker: reads the headers and decodes the thumbnails of the formats whose libraries may
// hang or crash (videos), apart from the wall, answering the requests of its standard input on its standard output
// until that input ends (WaterfallPhotos' DecoderWorker and DecoderMessage say how; docs/architecture.md why).
import Glibc
import WaterfallPhotos

exit(DecoderWorker.serve())
