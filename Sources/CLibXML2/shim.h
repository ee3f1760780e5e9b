// The parts of libxml2 that TraceXML uses: the streaming reader and writer, the RELAX NG validator
// and the parser limits. Only TraceXML imports this module, with `internal import`.
#ifndef REEL_CLIBXML2_SHIM_H
#define REEL_CLIBXML2_SHIM_H

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlIO.h>
#include <libxml/xmlerror.h>
#include <libxml/relaxng.h>
#include <libxml/tree.h>

/// `xmlFree` is a global function pointer, which Swift 6 sees as shared mutable state.
static inline void reel_xmlFree(void *pointer) { xmlFree(pointer); }

#endif
