#!/usr/bin/perl
# An ESME built on Net::SMPP (Debian libnet-smpp-perl), driven by tests/api/smpp-interop.test.ts. Each step prints
# one JSON line on stdout; the test reads them and answers "go" lines on stdin where the script waits.
#   net-smpp-client.pl PORT SYSTEM_ID PASSWORD full  - bind, GSM-7, UCS-2 and a 3-part UDH message, enquire_link,
#                                                      wait for a receipt, unbind
#   net-smpp-client.pl PORT SYSTEM_ID PASSWORD hold  - bind, wait for "go", submit one message, unbind
use strict;
use warnings;
use utf8;
use Encode qw(encode);
use JSON::PP;
use Net::SMPP;

$| = 1;
my ($port, $system_id, $password, $mode) = @ARGV;
my $json = JSON::PP->new->canonical;

sub say_json { print $json->encode({@_}), "\n"; }
sub fail { say_json(step => 'error', message => $_[0]); exit 1; }
sub wait_go { my $line = <STDIN>; fail('stdin closed') unless defined $line; }

my ($smpp, $resp) = Net::SMPP->new_transceiver('127.0.0.1', port => $port, system_id => $system_id, password => $password,
  system_type => 'perl', timeout => 10);
fail("connect: $!") unless $smpp;
fail('no bind response') unless $resp;
say_json(step => 'bind', status => $resp->{status});
exit 0 if $resp->{status} != 0;

sub submit {
  my ($label, %args) = @_;
  my $r = $smpp->submit_sm(source_addr => '10690001', destination_addr => '8613800138000', %args);
  fail("no submit_sm_resp for $label") unless $r;
  say_json(step => 'submit', label => $label, status => $r->{status}, message_id => $r->{message_id});
}

if ($mode eq 'hold') {
  say_json(step => 'ready');
  wait_go();
  submit('held', short_message => 'still here');
} else {
  # GSM 03.38 as SMPP carries it, one septet per octet: "{", "}" and "€" are escape pairs
  submit('gsm7', data_coding => 0, registered_delivery => 1, short_message => "Hello from Net::SMPP \x1B\x28ok\x1B\x29 \x1B\x655");
  submit('ucs2', data_coding => 8, short_message => encode('UCS-2BE', '你好，世界！短信测试'));
  my @parts = ('A' x 153, 'B' x 153, 'C' x 40);
  for my $i (0 .. 2) {
    my $udh = pack('C6', 0x05, 0x00, 0x03, 0x2A, 3, $i + 1);
    submit("udh$i", esm_class => 0x40, data_coding => 0, short_message => $udh . $parts[$i]);
  }
  my $e = $smpp->enquire_link();
  fail('no enquire_link_resp') unless $e;
  say_json(step => 'enquire_link', status => $e->{status});
  say_json(step => 'ready');
  while (1) {
    my $pdu = $smpp->read_pdu();
    fail('connection lost waiting for deliver_sm') unless $pdu;
    if ($pdu->{cmd} == 0x00000005) {
      $smpp->deliver_sm_resp(seq => $pdu->{seq}, message_id => '');
      my $state = defined $pdu->{message_state} ? unpack('C', $pdu->{message_state}) : undef;
      (my $receipted = $pdu->{receipted_message_id} // '') =~ s/\0$//;
      say_json(step => 'deliver', esm_class => $pdu->{esm_class}, data_coding => $pdu->{data_coding},
        short_message => $pdu->{short_message}, receipted_message_id => $receipted, message_state => $state);
      last;
    }
    $smpp->enquire_link_resp(seq => $pdu->{seq}) if $pdu->{cmd} == 0x00000015;
  }
}

my $u = $smpp->unbind();
fail('no unbind_resp') unless $u;
say_json(step => 'unbind', status => $u->{status});
