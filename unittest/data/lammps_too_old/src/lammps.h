// a stand-in source tree of a LAMMPS older than the oldest supported release
