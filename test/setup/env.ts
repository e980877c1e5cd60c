// No test may reach the internet: nock refuses every connection that is not to loopback.
import nock from 'nock';

nock.disableNetConnect();
nock.enableNetConnect(/^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/);
