// libyaml's event parser, from Debian's libyaml-dev: the scene loader composes a document from
// its events (`SceneDocument`), counting what the document's aliases repeat as it goes.
#ifndef SEGUE_CLIBYAML_SHIM_H
#define SEGUE_CLIBYAML_SHIM_H

#include <yaml.h>

#endif
