// Cairo, Pango and Fontconfig for Segue's Raster module, its only client.
#ifndef SEGUE_CCAIRO_SHIM_H
#define SEGUE_CCAIRO_SHIM_H

#include <cairo.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>

/// Points a Pango font map at a private Fontconfig configuration.
/// Returns 0 when `map` is not a Fontconfig-backed font map; the GObject cast
/// macros this needs are invisible to Swift.
static inline int segue_font_map_set_fc_config(PangoFontMap *map, FcConfig *config) {
    if (!PANGO_IS_FC_FONT_MAP(map)) {
        return 0;
    }
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    return 1;
}

/// Tells a Fontconfig-backed Pango font map that its configuration gained fonts, so cached
/// font sets are rebuilt; no-op for other font maps.
static inline void segue_font_map_config_changed(PangoFontMap *map) {
    if (PANGO_IS_FC_FONT_MAP(map)) {
        pango_fc_font_map_config_changed(PANGO_FC_FONT_MAP(map));
    }
}

#endif
