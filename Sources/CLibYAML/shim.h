// libyaml's event parser, from Debian's libyaml-dev: the loader counts what a scene's aliases
// repeat from its events before any YAML library composes the document (`AliasBudget`).
//
// Yams compiles its own copy of the same libyaml 0.2.5 into the binary; the linker binds these
// declarations to that copy's definitions (the two headers differ only in comments and one added
// global, `yaml_set_max_nest_level`), so the parser that checks the aliases is the one that composes.
#ifndef SEGUE_CLIBYAML_SHIM_H
#define SEGUE_CLIBYAML_SHIM_H

#include <yaml.h>

#endif
