# -D BODY_DEM_SANITIZE=address,undefined builds the package's own code and
# tests with those sanitizers (the host LAMMPS stays as it was built).
set(BODY_DEM_SANITIZE "" CACHE STRING "Comma-separated sanitizers for the package's code (e.g. address,undefined)")
if(BODY_DEM_SANITIZE)
  add_compile_options(-fsanitize=${BODY_DEM_SANITIZE} -fno-omit-frame-pointer)
  add_link_options(-fsanitize=${BODY_DEM_SANITIZE})
endif()
