// GBM (generic buffer management) on a DRM render node. No logic here.
#include <gbm.h>
#include <fcntl.h>
#include <unistd.h>

static const uint32_t CGBM_FORMAT_ARGB8888 = GBM_FORMAT_ARGB8888;
static const uint32_t CGBM_FORMAT_XRGB8888 = GBM_FORMAT_XRGB8888;
static const uint32_t CGBM_FORMAT_ABGR8888 = GBM_FORMAT_ABGR8888;
