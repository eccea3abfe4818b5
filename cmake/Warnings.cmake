# Warnings for the package's own code (not for the host's headers, which
# are included as system headers where possible).
function(body_dem_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-unused-parameter)
endfunction()
