from patience_core.testing import conformance_tests

TestGolf = conformance_tests("golf")
