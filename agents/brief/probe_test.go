package brief

// probeCases are new probing requests (issue 31, what remains).
var probeCases = []classCase{}
