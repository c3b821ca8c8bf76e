module harnesslab
