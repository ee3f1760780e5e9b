// The parts of libxml2 that TraceXML uses: the streaming reader and writer, the RELAX NG validator
// and the parser limits. Only TraceXML imports this module, with `internal import`; besides, ReelCLITests
// uses the XML Schema validator to check Reel's JUnit XML against Jenkins' schema.
#ifndef REEL_CLIBXML2_SHIM_H
#define REEL_CLIBXML2_SHIM_H

// No feature macros here (such as _GNU_SOURCE): they would change how the system headers declare their
// types in this module and clash with Swift's own Glibc module (fd_set, for one). strtod_l is declared below.
#include <locale.h>
#include <pthread.h>
#include <stdlib.h>

#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and <libxml/encoding.h> then includes the system's ICU headers, whose
// types clash with the ICU that Foundation bundles (UErrorCode) in any module that sees both. TraceXML never
// touches the encoding handler's ICU fields (the trailing pointers this hides), so the module leaves them out.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlIO.h>
#include <libxml/xmlerror.h>
#include <libxml/relaxng.h>
#include <libxml/xmlschemas.h>
#include <libxml/tree.h>

/// `xmlFree` is a global function pointer, which Swift 6 sees as shared mutable state.
static inline void reel_xmlFree(void *pointer) { xmlFree(pointer); }

/// libxml2 prints what no handler of ours takes — an output buffer's "I/O error : flush error", an encoding
/// converter's complaint — on standard error through its generic and structured error functions. Those are
/// per thread, so both the calling thread's and the default every new thread starts with are replaced by
/// handlers that drop the text: every error that matters also reaches the parser's or writer's own handler
/// (or its return value), which Reel turns into a message of its own. The generic function is variadic,
/// which Swift cannot define, hence C.
static inline void reel_xml_drop_generic(void *context, const char *message, ...) { (void)context; (void)message; }
static inline void reel_xml_drop_structured(void *context, xmlErrorPtr error) { (void)context; (void)error; }
static inline void reel_xml_silence_errors(void) {
    xmlThrDefSetGenericErrorFunc(NULL, reel_xml_drop_generic);
    xmlSetGenericErrorFunc(NULL, reel_xml_drop_generic);
    xmlThrDefSetStructuredErrorFunc(NULL, reel_xml_drop_structured);
    xmlSetStructuredErrorFunc(NULL, reel_xml_drop_structured);
}

/// glibc's and Darwin's `strtod_l`, declared here because its header only declares it under _GNU_SOURCE.
extern double strtod_l(const char *__restrict text, char **__restrict end, locale_t locale);

/// `strtod` in the C locale (so '.' is the decimal point whatever the process's locale), for the
/// numbers of a trace that have more digits than a fast path can round exactly.
static inline locale_t *reel_c_locale_storage(void) {
    static locale_t locale;
    return &locale;
}
static inline void reel_make_c_locale(void) { *reel_c_locale_storage() = newlocale(LC_ALL_MASK, "C", (locale_t)0); }
static inline double reel_strtod_c(const char *text, char **end) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, reel_make_c_locale);
    return strtod_l(text, end, *reel_c_locale_storage());
}

#endif
